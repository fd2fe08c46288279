import { PipelineFailure } from "../run.js";
import type { SignInError } from "./sign-in.js";

/**
 * The run's failure for a failed sign-in. The message names at most an origin, never the password, a path
 * or a query string. `retryTimeout`: whether a sign-in that timed out is worth another attempt.
 */
export function signInFailure(err: SignInError, retryTimeout: boolean): PipelineFailure {
  switch (err.reason) {
    case "rejected":
      return new PipelineFailure("credentials_required", "the site refused the sign-in credentials", false);
    case "left_approved_origins":
      // The credentials were not typed there: the caller approves the origin (additionalLoginOrigins) or
      // fixes the login URL.
      return new PipelineFailure(
        "login_origins_invalid",
        `the sign-in was sent to ${err.origin ?? "an opaque origin"}, which is neither the login URL's origin ` +
          "nor one of additionalLoginOrigins; the credentials were not used there",
        false,
      );
    default:
      return new PipelineFailure(
        "login_url_invalid",
        `signing in failed: ${err.reason}`,
        retryTimeout && err.reason === "timeout",
      );
  }
}
