/**
 * Controls that open a dialog (Bootstrap's modal toggles, ARIA's popup buttons) and the closed dialog
 * each names, for both page readers: the site map (site-map-collect.page.ts) plans a click on the
 * opener by `css`, and the narration's reader (content-dialogs.page.ts) finds the dialog again by it.
 */

export const OPENERS = '[data-bs-toggle="modal"], [data-toggle="modal"], [aria-haspopup="dialog"]';
/** The attributes an opener names its dialog with, in the order they are read. */
const REFS = ["data-bs-target", "data-target", "aria-controls", "href"];

export interface DialogOpener {
  el: Element;
  /** The dialog it opens, closed while the page is read. */
  dialog: HTMLElement;
  /** The selector a beat targets the opener by: its id, else the attribute naming its dialog. */
  css: string;
}

/** Each shown opener of a dialog that is not shown, `max` at most. */
export function dialogOpeners(shown: (el: Element) => boolean, max: number): DialogOpener[] {
  const out: DialogOpener[] = [];
  for (const el of [...document.querySelectorAll(OPENERS)].slice(0, 3000)) {
    if (out.length >= max) break;
    if (!shown(el)) continue;
    const attr = REFS.find((a) => (el.getAttribute(a) ?? "").length > 1);
    const ref = attr ? (el.getAttribute(attr) ?? "") : "";
    const dialog = ref ? document.getElementById(ref.replace(/^#/, "")) : null;
    if (!attr || !dialog || shown(dialog)) continue;
    const css = el.id ? `#${CSS.escape(el.id)}` : `[${attr}="${ref.replace(/["\\]/g, "")}"]`;
    out.push({ el, dialog, css });
  }
  return out;
}
