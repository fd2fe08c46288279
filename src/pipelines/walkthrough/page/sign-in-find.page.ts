import { accessibleName, cleanText, isVisible, visibleText } from "../../../media/browser/page/accessible-name.page.js";
import type { FindArg, Found } from "../sign-in-page.js";

/**
 * Finds the password field, the username field before it (email type, autocomplete username/email, or a
 * name/id/label saying user, email or login) and the control that sends them, and marks them. Without a
 * password field, a field that clearly asks for the username is the first of a two-step form.
 *
 * The submit control may be any element: a button, an input, a `role=button`, a link or element styled
 * as a button. It is looked for in the form, or near the field when there is no form (the closest
 * ancestor holding one), scored by its text (accessible name, shown text, title), being a real submit,
 * its element, and coming after the field. A control whose text names another action ("Forgot
 * password?", "Sign up", "Sign in with Google", "Show password") is never chosen, nor a link to another
 * page unless it looks like a button and says it signs in (templates whose "Login" button is a link to
 * the dashboard), and then below any control that stays on the page.
 */

const CONTROLS =
  "button, input[type=submit], input[type=button], input[type=image], [role=button], a, [onclick], " +
  "[class*=btn], [class*=Btn], [class*=button], [class*=Button]";
/** How many ancestors of the field are searched for its submit control. */
const MAX_SCOPE_DEPTH = 6;

const usable = (el: Element): boolean =>
  isVisible(el) && !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true";

const follows = (a: Node, b: Node): boolean => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/** What a field is called: name, id, placeholder, aria-label and its labels. */
const fieldWords = (el: HTMLInputElement): string =>
  [
    el.name,
    el.id,
    el.getAttribute("placeholder"),
    el.getAttribute("aria-label"),
    ...[...(el.labels ?? [])].map((l) => l.textContent),
  ]
    .filter(Boolean)
    .join(" ");

/** 3: surely the username (email type, autocomplete); 2: named like one; 1: any text field. */
function userScore(el: HTMLInputElement): number {
  if (el.type === "email" || /username|email/i.test(el.getAttribute("autocomplete") ?? "")) return 3;
  return /user|e-?mail|login|identifier/i.test(fieldWords(el)) ? 2 : 1;
}

/**
 * What a control says: its accessible name (aria-label, value, alt, text including screen-reader text)
 * and, when it says something else, the text it shows and its title: a control is judged by all it says.
 */
function controlText(el: Element): string {
  const parts = [accessibleName(el)];
  for (const more of [
    el instanceof HTMLInputElement ? "" : visibleText(el, { maxChars: 200 }),
    cleanText(el.getAttribute("title")),
  ])
    if (more && !parts.some((p) => p.includes(more))) parts.push(more);
  return cleanText(parts.join(" "));
}

/** A link that loads another document (or the same one again) would leave the form. */
function leaves(el: Element): boolean {
  const a = el.closest("a[href]");
  if (!(a instanceof HTMLAnchorElement)) return false;
  const href = (a.getAttribute("href") ?? "").trim();
  if (href === "" || href.startsWith("#") || /^javascript:/i.test(href)) return a.target === "_blank";
  return true;
}

const isSubmit = (el: Element): boolean =>
  el instanceof HTMLInputElement
    ? ["submit", "image"].includes(el.type)
    : el instanceof HTMLButtonElement && !!el.form && (el.getAttribute("type") ?? "submit").toLowerCase() === "submit";
const styled = (el: Element): boolean => /btn|button/i.test(el.getAttribute("class") ?? "");
const buttonish = (el: Element): boolean =>
  el.tagName === "BUTTON" || el.tagName === "INPUT" || el.getAttribute("role") === "button";
const real = (el: Element): boolean => buttonish(el) || el.tagName === "A";

function describe(el: Element): string {
  const tag = el.tagName.toLowerCase();
  const kind =
    el.tagName === "A"
      ? "link"
      : el.tagName === "BUTTON" || el.tagName === "INPUT"
        ? tag
        : el.getAttribute("role") === "button"
          ? `role=button ${tag}`
          : tag;
  return `${kind} "${controlText(el).slice(0, 40)}"`;
}

/** The controls in `scope`: a real control rather than its parts, the controls rather than their wrapper. */
function controlsIn(scope: Element, field: Element): Element[] {
  const all = [...scope.querySelectorAll(CONTROLS)].filter((el) => usable(el) && !el.contains(field));
  return all.filter((el) => {
    // Part of a real control (a label inside a button): the control counts, not its part.
    if (all.some((o) => o !== el && o.contains(el) && real(o))) return false;
    // A wrapper (a button group, a clickable card) holding controls: the controls count.
    return real(el) || !all.some((o) => o !== el && el.contains(o));
  });
}

/** The submit control for `field`: the form first, then ever wider ancestors (form-less logins). */
function submitFor(field: HTMLInputElement, positive: RegExp, negative: RegExp): Element | null {
  const rate = (el: Element): number => {
    const text = controlText(el);
    if (negative.test(text) || (el instanceof HTMLButtonElement && el.type === "reset")) return -1;
    const named = positive.test(text);
    // Plain links and elements count only when they say they sign in or look like a button.
    if (!named && !isSubmit(el) && !buttonish(el) && !styled(el)) return -1;
    // A link to another page counts only as a button that says it signs in, below any that stays.
    if (leaves(el) && !(named && (styled(el) || buttonish(el)))) return -1;
    let score = (named ? 8 : 0) + (isSubmit(el) ? 5 : 0) + (buttonish(el) ? 2 : 0) + (styled(el) ? 1 : 0);
    if (leaves(el)) score -= 4;
    if (follows(field, el)) score += 2;
    return score;
  };
  let best: Element | null = null;
  let bestScore = 0;
  let scope: Element | null = field.form ?? field.parentElement;
  for (let depth = 0; scope && !best && depth < MAX_SCOPE_DEPTH; scope = scope.parentElement, depth++) {
    for (const el of controlsIn(scope, field)) {
      const score = rate(el);
      if (score > bestScore) {
        best = el;
        bestScore = score;
      }
    }
    if (scope === document.body) break;
  }
  return best;
}

export default function find({ mark, positive, negative }: FindArg): Found | null {
  for (const el of document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
  const inputs = [...document.querySelectorAll("input")].filter(usable);
  const password = inputs.find((el) => el.type === "password") ?? null;
  const textual = (el: HTMLInputElement) => ["email", "text", "tel"].includes(el.type);
  const before = (el: HTMLInputElement) => !password || follows(el, password);
  const sameForm = (el: HTMLInputElement) => !password?.form || el.form === password.form;
  let user: HTMLInputElement | null = null;
  for (const el of inputs) {
    if (textual(el) && before(el) && sameForm(el) && (!user || userScore(el) >= userScore(user))) user = el;
  }
  if (!password && user && userScore(user) < 2) user = null;
  const field = password ?? user;
  if (!field) return null;

  const submit = submitFor(
    field,
    new RegExp(positive.source, positive.flags),
    new RegExp(negative.source, negative.flags),
  );
  if (password) password.setAttribute(mark, "password");
  if (user) user.setAttribute(mark, "user");
  if (submit) submit.setAttribute(mark, "submit");
  return { password: !!password, user: !!user, submit: submit ? describe(submit) : null };
}
