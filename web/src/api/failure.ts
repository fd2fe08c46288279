import type { ErrorCode } from "./openapi-types";

/** A refusal's `details`: an open object, read field by field where a sentence needs one. */
export type Details = Record<string, unknown>;

/**
 * A call that did not succeed: the service's refusal (its code, details and request id), or no
 * answer at all (`network`), or an answer that was not the service's JSON (`bad_answer`, a proxy's
 * error page for instance).
 */
export class ApiFailure extends Error {
  override readonly name = "ApiFailure";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network" | "bad_answer",
    /** The service's own sentence for the code (for developers); people read refusalSentence(). */
    readonly serviceMessage: string,
    readonly details: Details,
    readonly requestId: string | null,
  ) {
    super(`${code}: ${serviceMessage}`);
  }
}
