import { cleanText, isVisible } from "../../../media/browser/page/accessible-name.page.js";
import type { PageState, ProbeArg } from "../sign-in-page.js";

const ERRORS =
  "[role=alert], [aria-live=assertive], .error, .errors, .alert-danger, .alert-error, .error-message, " +
  ".invalid-feedback, .form-error, .field-error";

const value = (el: Element | null): string => (el instanceof HTMLInputElement ? el.value : "");

/** Reads the state the sign-in judges its outcome by; null while the document is still being parsed. */
export default function probe({ mark, kind }: ProbeArg): PageState | null {
  // A document still being parsed may not show its form yet: no verdict until it is parsed.
  if (document.readyState === "loading") return null;
  const passwords = [...document.querySelectorAll("input[type=password]")].filter(isVisible);
  const marked = [...document.querySelectorAll(`[${mark}=user], [${mark}=password]`)];
  const error =
    [...document.querySelectorAll(ERRORS)].some((el) => isVisible(el) && cleanText(el.textContent).length > 0) ||
    marked.some((el) => el.getAttribute("aria-invalid") === "true");
  const last = document.querySelector(`[${mark}=${kind}]`);
  return {
    password: passwords.length > 0,
    error,
    filled: !!last && isVisible(last) && value(last) !== "",
    passwordEmpty: passwords.every((el) => value(el) === ""),
  };
}
