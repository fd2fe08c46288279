import { PipelineFailure } from "../run.js";
import type { SignInError } from "./sign-in.js";

/**
 * The run's failure for a failed sign-in. The code is the catalogue's nearest; the reason starts with the
 * sign-in's own word for what failed (`not_submitted: …`) so callers can tell the cases apart. The
 * message names at most an origin and the submit control's text, never the password, a path or a query
 * string. `retryTimeout`: whether a sign-in that timed out is worth another attempt.
 */
export function signInFailure(err: SignInError, retryTimeout: boolean): PipelineFailure {
  const why = (sentence: string) => `${err.reason}: ${sentence}${err.detail ? ` (${err.detail})` : ""}`.slice(0, 300);
  switch (err.reason) {
    case "rejected":
      return new PipelineFailure("credentials_required", why("the site refused the sign-in credentials"), false);
    case "left_approved_origins":
      // The credentials were not typed there: the caller approves the origin (additionalLoginOrigins) or
      // fixes the login URL.
      return new PipelineFailure(
        "login_origins_invalid",
        `the sign-in was sent to ${err.origin ?? "an opaque origin"}, which is neither the login URL's origin ` +
          "nor one of additionalLoginOrigins; the credentials were not used there",
        false,
      );
    case "unreachable":
      return new PipelineFailure("login_url_invalid", why("the login page could not be opened"), false);
    case "form_not_found":
      // The page opened but holds no sign-in form: the caller's fix is another login URL.
      return new PipelineFailure("login_url_invalid", why("the login page has no sign-in form"), false);
    case "submit_not_found":
    case "not_submitted":
      // The form is there and the URL is fine: it could not be operated. Trying again changes nothing.
      return new PipelineFailure("internal_error", why("the sign-in form could not be submitted"), false);
    case "timeout":
      return new PipelineFailure("internal_error", why("the sign-in did not complete in time"), retryTimeout);
  }
}
