import { cleanText } from "../../../media/browser/page/accessible-name.page.js";
import type { ContentDialog } from "../page-content-types.js";
import type { TextReader } from "./content-text.page.js";
import { dialogOpeners, OPENERS } from "./dialog-openers.page.js";

/** A card around an opener: its caption names the item the dialog is about. */
const ITEM = '[class*="item"], [class*="card"], figure, li, article';
const MAX_DIALOGS = 24;

/** A hidden element's text (a closed dialog shows nothing yet), cleaned and bounded. */
const hiddenText = (el: Element | null | undefined): string =>
  el ? cleanText((el.textContent ?? "").slice(0, 2000)) : "";

/** "Client: Threads" entries of the dialog's lists: label and value. */
function factsOf(dialog: Element): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  for (const li of [...dialog.querySelectorAll("li, dt")].slice(0, 20)) {
    const m = /^([\p{L}][\p{L} ]{0,24}):\s*(.{1,60})$/u.exec(hiddenText(li));
    if (m?.[1] && m[2]) facts.push({ label: m[1], value: m[2] });
    if (facts.length >= 4) break;
  }
  return facts;
}

/** The caption of the card the opener sits in, less the opener itself: the item's visible title. */
function captionOf(el: Element, r: TextReader): string | null {
  const item = el.parentElement?.closest(ITEM);
  if (item?.querySelectorAll(OPENERS).length !== 1) return null;
  const heading = item.querySelector('h3, h4, h5, [class*="heading"], [class*="title"], figcaption');
  const text = heading && !el.contains(heading) ? r.textOf(heading) : "";
  return text || null;
}

/** The fields of a form inside the (closed) dialog, by label, else placeholder; its submit control. */
function formOf(dialog: Element): ContentDialog["form"] {
  const form = dialog.querySelector("form");
  if (!form) return null;
  const fields: string[] = [];
  for (const f of [...form.querySelectorAll("input, textarea, select")].slice(0, 12)) {
    const type = f.getAttribute("type") ?? "";
    if (/^(hidden|submit|button|checkbox|radio)$/i.test(type)) continue;
    const label = f.id ? document.querySelector(`label[for="${CSS.escape(f.id)}"]`) : f.closest("label");
    const name =
      hiddenText(label) || cleanText(f.getAttribute("placeholder")) || cleanText(f.getAttribute("aria-label"));
    if (name && !fields.includes(name)) fields.push(name.slice(0, 40));
  }
  const submit = form.querySelector('button[type="submit"], input[type="submit"], button:not([type])');
  const said = hiddenText(submit) || cleanText(submit?.getAttribute("value"));
  return fields.length > 0 ? { heading: null, fields, submit: said || null } : null;
}

/** Each dialog a visible control opens: its title, the item it is about, its facts and pictures. */
export function readDialogs(r: TextReader): ContentDialog[] {
  const dialogs: ContentDialog[] = [];
  for (const { el, dialog, css } of dialogOpeners(r.shown, MAX_DIALOGS)) {
    const heading = dialog.querySelector("h1, h2, h3, h4, [class*=title]");
    dialogs.push({
      opener: css,
      title: hiddenText(heading).slice(0, 80) || null,
      item: captionOf(el, r) ?? (r.textOf(el).slice(0, 80) || null),
      facts: factsOf(dialog),
      pictures: dialog.querySelectorAll("img, picture, video").length,
      section: el.closest("section[id], article[id]")?.id || null,
      form: formOf(dialog),
    });
  }
  return dialogs;
}
