import { type ErrorCode, statusOf } from "./error-codes.js";

/**
 * The one error type of the service. Domain code throws it; the error handler writes the spec's body.
 * `headers` carries refusal-specific headers (Retry-After).
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.status = statusOf(code);
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
  code: string;
}

export const validationFailed = (issues: ValidationIssue[]): ApiError => new ApiError("validation_failed", { issues });
