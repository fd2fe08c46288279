import type { ErrorCode } from "../../../contract/error-codes.js";
import { ApiError } from "../../../contract/errors.js";

/**
 * Every refusal of a revision names where the problem is: `path` is a JSON pointer into the document
 * ("/story/scenes/2/headline") or into the request's operations ("/operations/3/sceneId"), `reason` says
 * what is wrong in a few words; the rest is the condition's own (the offered values, the ratio, the claim).
 */
export function refuse(code: ErrorCode, path: string, reason: string, more: Record<string, unknown> = {}): never {
  throw new ApiError(code, { path, reason, ...more });
}

export const scenePath = (index: number, ...rest: (string | number)[]): string =>
  ["/story/scenes", index, ...rest].join("/");
