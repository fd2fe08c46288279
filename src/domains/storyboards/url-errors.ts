import { ApiError } from "../../contract/errors.js";
import type { Refusal } from "../../net/guard.js";

// The URL guard (src/net) says why an address was refused; these turn its verdict into the codes the
// storyboard operations answer with.

/** A site address: unparseable → url_malformed, private → url_private, anything else unfetchable → url_invalid. */
export function siteUrlError(verdict: Refusal): ApiError {
  switch (verdict.problem) {
    case "malformed":
      return new ApiError("url_malformed");
    case "blocked":
      return new ApiError("url_private", { reason: verdict.kind ?? "reserved", host: verdict.host });
    case "unresolvable":
    case "denied":
    case "bare_host":
      return new ApiError("url_invalid", { reason: verdict.problem, host: verdict.host });
    default:
      return new ApiError("url_invalid", { reason: verdict.problem });
  }
}

/** A login page: one code, the reason says which rule. */
export function loginUrlError(verdict: Refusal): ApiError {
  const reason = verdict.problem === "blocked" ? (verdict.kind ?? "reserved") : verdict.problem;
  return new ApiError("login_url_invalid", verdict.host ? { reason, host: verdict.host } : { reason });
}
