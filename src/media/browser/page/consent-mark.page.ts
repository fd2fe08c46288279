import type { MarkConsentArg, MarkedConsent } from "../consent-page.js";
import { accessibleName, cleanText, isVisible } from "./accessible-name.page.js";

/**
 * Finds visible consent banners, marks them, and marks the control to press ("reject" words before
 * "accept" words).
 */

const CONSENT = /cookie|consent|gdpr|privacy|tracking|onetrust|cookiebot|didomi|usercentrics|cmp\b/i;
const BANNERS =
  "[id*=cookie i],[class*=cookie i],[id*=consent i],[class*=consent i],[id*=gdpr i],[class*=gdpr i]," +
  "[aria-label*=cookie i],[aria-label*=consent i],[role=dialog],[role=alertdialog],dialog[open]";
const CONTROLS = "button,a,[role=button],input[type=button],input[type=submit]";
const TYPED = "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]),textarea,select";
const REJECT =
  /^(reject|decline|refuse|deny|disagree)\b|\b(reject all|decline all|necessary only|only necessary|essential only|only essential|strictly necessary|use necessary)\b/i;
const ACCEPT = /^(accept|agree|allow|ok|okay|got it|i understand|continue)\b|\b(accept all|allow all|i agree)\b/i;
const MAX_BANNERS = 200;
const MAX_CONTROLS = 50;

/** Shows, with an area of its own (a zero-size wrapper of a fixed banner is not the banner). */
const shows = (el: Element): boolean => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && isVisible(el);
};

const labelOf = (el: Element) => `${el.id} ${el.getAttribute("class") ?? ""} ${el.getAttribute("aria-label") ?? ""}`;

/**
 * Laid over the page as banners are: its nearest fixed or sticky box (itself or an ancestor) covers less
 * than most of the viewport, unless that box is itself named for consent (a consent wall's backdrop; an
 * app shell fixed to the whole window is the product), and it asks nothing to be typed (a sign-in or
 * sign-up dialog that mentions cookies).
 */
function overlay(el: Element): boolean {
  for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
    const position = getComputedStyle(e).position;
    if (position !== "fixed" && position !== "sticky") continue;
    const r = e.getBoundingClientRect();
    const viewport = innerWidth * innerHeight;
    if (viewport > 0 && (r.width * r.height) / viewport > 0.6 && !CONSENT.test(labelOf(e))) return false;
    return el.querySelectorAll(TYPED).length === 0;
  }
  return false;
}

/** What a control says: its accessible name, else its text or value. */
const controlText = (c: Element): string =>
  (accessibleName(c) || cleanText(c.textContent) || cleanText(c.getAttribute("value"))).slice(0, 80);

function chooseControl(boxes: readonly Element[]): { control: Element; choice: "reject" | "accept" } | null {
  for (const [choice, words] of [
    ["reject", REJECT],
    ["accept", ACCEPT],
  ] as const) {
    for (const box of boxes) {
      for (const control of [...box.querySelectorAll(CONTROLS)].slice(0, MAX_CONTROLS)) {
        const text = controlText(control);
        if (text && words.test(text) && shows(control)) return { control, choice };
      }
    }
  }
  return null;
}

export default function markConsent({ control, box, overlaysOnly }: MarkConsentArg): MarkedConsent {
  const boxes: Element[] = [];
  for (const el of [...document.querySelectorAll(BANNERS)].slice(0, MAX_BANNERS)) {
    if (!shows(el)) continue;
    const text = (el.textContent ?? "").slice(0, 3000);
    const label = labelOf(el);
    if (!CONSENT.test(label) && !/cookie|consent/i.test(text)) continue;
    // On a product's own pages a dialog counts only when it is named for consent, not for mentioning it.
    if (overlaysOnly && (!CONSENT.test(label) || !overlay(el))) continue;
    // The outermost match only: a banner's inner parts match the same words.
    if (boxes.some((b) => b.contains(el))) continue;
    boxes.push(el);
  }
  const chosen = chooseControl(boxes);
  for (const b of boxes) b.setAttribute(box, "");
  chosen?.control.setAttribute(control, "");
  return { boxes: boxes.length, choice: chosen?.choice ?? null };
}
