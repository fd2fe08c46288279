import { pageScript } from "../../media/browser/page-script.js";
import { SIGN_IN_WORDS, wholeWords } from "../browsing/auth-link.js";
import type { FindArg, Found, PageState, ProbeArg } from "./sign-in-page.js";

/**
 * The scripts sign-in runs inside the login page (page/*.page.ts, in an isolated world): FIND marks the
 * fields and the submit control; PROBE reads the state the sign-in judges its outcome by.
 */

export const MARK = "data-clipwright-signin";

/** Words that name a control sending a sign-in form: sign in (auth-link.ts), or go on (translated too). */
const POSITIVE = wholeWords(
  `${SIGN_IN_WORDS}|continue|next|submit|proceed|weiter|continuer|suivant|continuar|siguiente|accesso|avanti|` +
    "volgende|doorgaan",
);
/** Words that name a control doing something else: recovery, sign-up, social sign-in, show/hide, cancel. */
const NEGATIVE =
  /forgot|reset|recover|sign[\s-]?up|register|create|join|help|show|hide|cancel|back|google|facebook|github|apple|microsoft|twitter|linkedin|sso|passkey|magic|vergessen|registrieren|oubli|inscri|olvid|registr|dimenticat|vergeten|remember|angemeldet/i;

const pattern = (re: RegExp) => ({ source: re.source, flags: re.flags });

export const FIND_ARG: FindArg = { mark: MARK, positive: pattern(POSITIVE), negative: pattern(NEGATIVE) };

export const FIND = pageScript<FindArg, Found | null>(new URL("./page/sign-in-find.page.ts", import.meta.url));
export const PROBE = pageScript<ProbeArg, PageState | null>(new URL("./page/sign-in-probe.page.ts", import.meta.url));
