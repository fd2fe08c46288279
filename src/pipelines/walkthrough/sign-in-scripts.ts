/**
 * The scripts sign-in runs inside the login page (as source text: they run in the browser, not in Node).
 * FIND marks the fields and the submit control; PROBE reads the state the sign-in judges its outcome by.
 */

export const MARK = "data-clipwright-signin";

/** Words that name a control sending a sign-in form (English and common translations). */
const POSITIVE =
  "\\b(sign[\\s-]?in|log[\\s-]?in|login|log[\\s-]?on|logon|continue|next|submit|proceed|anmelden|einloggen|weiter|" +
  "connexion|se connecter|continuer|suivant|iniciar sesi[oó]n|ingresar|acceder|entrar|continuar|siguiente|" +
  "accedi|accesso|avanti|inloggen|aanmelden|volgende|doorgaan)\\b";
/** Words that name a control doing something else: recovery, sign-up, social sign-in, show/hide, cancel. */
const NEGATIVE =
  "forgot|reset|recover|sign[\\s-]?up|register|create|join|help|show|hide|cancel|back|google|facebook|github|" +
  "apple|microsoft|twitter|linkedin|sso|passkey|magic|vergessen|registrieren|oubli|inscri|olvid|registr|" +
  "dimenticat|vergeten|remember|angemeldet";

export interface Found {
  password: boolean;
  user: boolean;
  /** The submit control chosen, described for errors (e.g. `link "Login"`), or null: none found. */
  submit: string | null;
}

/**
 * Finds the password field, the username field before it (email type, autocomplete username/email, or a
 * name/id/label saying user, email or login) and the control that sends them, and marks them. Without a
 * password field, a field that clearly asks for the username is the first of a two-step form.
 *
 * The submit control may be any element: a button, an input, a `role=button`, a link or element styled
 * as a button. It is looked for in the form, or near the field when there is no form (the closest
 * ancestor holding one), scored by its text (aria-label, value, title, alt, text), being a real submit,
 * its element, and coming after the field. A control whose text names another action ("Forgot
 * password?", "Sign up", "Sign in with Google", "Show password") is never chosen, nor a link to another
 * page unless it looks like a button and says it signs in (templates whose "Login" button is a link to
 * the dashboard), and then below any control that stays on the page.
 */
export const FIND = `(() => {
  const MARK = ${JSON.stringify(MARK)};
  const POSITIVE = new RegExp(${JSON.stringify(POSITIVE)}, "i");
  const NEGATIVE = new RegExp(${JSON.stringify(NEGATIVE)}, "i");
  const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const visible = (el) => shown(el) && !el.disabled && el.getAttribute("aria-disabled") !== "true";
  for (const el of document.querySelectorAll("[" + MARK + "]")) el.removeAttribute(MARK);
  const inputs = [...document.querySelectorAll("input")].filter(visible);
  const password = inputs.find((el) => el.type === "password") || null;
  const textual = (el) => ["email", "text", "tel"].includes(el.type);
  const words = (el) => [el.name, el.id, el.getAttribute("placeholder"), el.getAttribute("aria-label"), ...[...(el.labels || [])].map((l) => l.textContent)].filter(Boolean).join(" ");
  const auto = (el) => el.getAttribute("autocomplete") || "";
  const score = (el) => el.type === "email" || /username|email/i.test(auto(el)) ? 3 : /user|e-?mail|login|identifier/i.test(words(el)) ? 2 : 1;
  const before = (el) => !password || (el.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const sameForm = (el) => !password || !password.form || el.form === password.form;
  let user = null;
  for (const el of inputs) if (textual(el) && before(el) && sameForm(el) && (!user || score(el) >= score(user))) user = el;
  if (!password && user && score(user) < 2) user = null;
  if (!password && !user) return null;
  const field = password || user;

  const CONTROLS = "button, input[type=submit], input[type=button], input[type=image], [role=button], a, [onclick], [class*=btn], [class*=Btn], [class*=button], [class*=Button]";
  const text = (el) => [el.getAttribute("aria-label"), el.tagName === "INPUT" ? el.value : "", el.getAttribute("title"), el.getAttribute("alt"), el.tagName === "INPUT" ? "" : el.innerText || el.textContent]
    .filter(Boolean).join(" ").replace(/\\s+/g, " ").trim();
  // A link that loads another document (or the same one again) would leave the form: never a submit.
  const leaves = (el) => {
    const a = el.closest("a[href]");
    if (!a) return false;
    const href = (a.getAttribute("href") || "").trim();
    if (href === "" || href.startsWith("#") || /^javascript:/i.test(href)) return a.target === "_blank";
    return true;
  };
  const isSubmit = (el) => el.tagName === "INPUT" ? ["submit", "image"].includes(el.type)
    : el.tagName === "BUTTON" && !!el.form && (el.getAttribute("type") || "submit").toLowerCase() === "submit";
  const styled = (el) => /btn|button/i.test(el.getAttribute("class") || "");
  const buttonish = (el) => el.tagName === "BUTTON" || el.tagName === "INPUT" || el.getAttribute("role") === "button";
  const rate = (el) => {
    const t = text(el);
    if (NEGATIVE.test(t) || (el.tagName === "BUTTON" && el.type === "reset")) return -1;
    const named = POSITIVE.test(t);
    // Plain links and elements count only when they say they sign in or look like a button.
    if (!named && !isSubmit(el) && !buttonish(el) && !styled(el)) return -1;
    // A link to another page counts only as a button that says it signs in (templates whose "Login"
    // button is a link to the dashboard), and below any control that stays on the page.
    if (leaves(el) && !(named && (styled(el) || buttonish(el)))) return -1;
    let s = (named ? 8 : 0) + (isSubmit(el) ? 5 : 0) + (buttonish(el) ? 2 : 0) + (styled(el) ? 1 : 0) - (leaves(el) ? 4 : 0);
    if (field.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) s += 2;
    return s;
  };
  const real = (el) => buttonish(el) || el.tagName === "A";
  const inScope = (scope) => {
    const all = [...scope.querySelectorAll(CONTROLS)].filter((el) => visible(el) && !el.contains(field));
    return all.filter((el) => {
      // Part of a real control (a label inside a button): the control counts, not its part.
      if (all.some((o) => o !== el && o.contains(el) && real(o))) return false;
      // A wrapper (a button group, a clickable card) holding controls: the controls count.
      return real(el) || !all.some((o) => o !== el && el.contains(o));
    });
  };
  let best = null;
  let bestScore = 0;
  // The form first; then, for form-less logins (or a control placed after the form), ever wider ancestors.
  for (let scope = field.form || field.parentElement, depth = 0; scope && !best && depth < 6; scope = scope.parentElement, depth++) {
    for (const el of inScope(scope)) {
      const s = rate(el);
      if (s > bestScore) { best = el; bestScore = s; }
    }
    if (scope === document.body) break;
  }
  if (password) password.setAttribute(MARK, "password");
  if (user) user.setAttribute(MARK, "user");
  let submit = null;
  if (best) {
    best.setAttribute(MARK, "submit");
    const kind = best.tagName === "A" ? "link" : best.tagName === "BUTTON" || best.tagName === "INPUT" ? best.tagName.toLowerCase() : best.getAttribute("role") === "button" ? "role=button " + best.tagName.toLowerCase() : best.tagName.toLowerCase();
    submit = kind + ' "' + text(best).slice(0, 40) + '"';
  }
  return { password: !!password, user: !!user, submit };
})()`;

export interface PageState {
  /** A password field is showing. */
  password: boolean;
  /** An error or alert is showing, or the marked fields are flagged invalid. */
  error: boolean;
  /** The field the sign-in typed into last is still there, showing and filled. */
  filled: boolean;
  /** Every password field showing is empty (true when none shows). */
  passwordEmpty: boolean;
}

/** Reads the page state; `kind` names the field typed into last. Null while the document is parsed. */
export const probeScript = (kind: "user" | "password"): string => `(() => {
  // A document still being parsed may not show its form yet: no verdict until it is parsed.
  if (document.readyState === "loading") return null;
  const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const passwords = [...document.querySelectorAll("input[type=password]")].filter(visible);
  const errors = document.querySelectorAll('[role=alert], [aria-live=assertive], .error, .errors, .alert-danger, .alert-error, .error-message, .invalid-feedback, .form-error, .field-error');
  const marked = [...document.querySelectorAll("[${MARK}=user], [${MARK}=password]")];
  const error = [...errors].some((el) => visible(el) && (el.textContent || "").trim().length > 0)
    || marked.some((el) => el.getAttribute("aria-invalid") === "true");
  const last = document.querySelector("[${MARK}=${kind}]");
  return {
    password: passwords.length > 0,
    error,
    filled: !!last && visible(last) && last.value !== "",
    passwordEmpty: passwords.every((el) => el.value === ""),
  };
})()`;
