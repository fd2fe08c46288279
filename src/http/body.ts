import { Transform } from "node:stream";
import { ApiError, validationFailed } from "../contract/errors.js";
import { MAX_JSON_DEPTH, textNestsDeeperThan } from "./json-depth.js";

export const HTTP_BODY_LIMIT = 256 * 1024;
export const MCP_BODY_LIMIT = 1024 * 1024;

/** Does the request carry a body at all? (A POST with no body is an empty, optional body.) */
export function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers["content-length"];
  return (length !== undefined && length !== "0") || headers["transfer-encoding"] !== undefined;
}

/**
 * 415 unsupported_media_type unless the body is JSON in UTF-8 with no content coding.
 * `details.objection` names what was wrong; what the caller sent is never echoed.
 */
export function checkMediaType(headers: Record<string, string | string[] | undefined>): void {
  const encoding = String(headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  if (encoding !== "identity") {
    throw new ApiError("unsupported_media_type", { objection: "content_encoding", supported: ["identity"] });
  }
  const contentType = headers["content-type"];
  if (contentType === undefined) {
    throw new ApiError("unsupported_media_type", { objection: "content_type_missing", expected: "application/json" });
  }
  const [type, ...params] = String(contentType)
    .split(";")
    .map((s) => s.trim().toLowerCase());
  if (type !== "application/json") {
    throw new ApiError("unsupported_media_type", { objection: "content_type", expected: "application/json" });
  }
  for (const param of params) {
    const [name, value] = param.split("=").map((s) => s?.trim());
    if (name === "charset" && value?.replace(/"/g, "") !== "utf-8") {
      throw new ApiError("unsupported_media_type", { objection: "charset", expected: "utf-8" });
    }
  }
}

export const payloadTooLarge = (limit: number): ApiError => new ApiError("payload_too_large", { limit });

/** Counts bytes as they arrive and stops the upload at `limit`, with or without a Content-Length. */
export function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) done(payloadTooLarge(limit));
      else done(null, chunk);
    },
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Raw bytes → JSON value. Bytes that are not UTF-8 are a 415; text that is not JSON, or that nests
 * deeper than MAX_JSON_DEPTH (checked before parsing, without recursion), is a 400.
 */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new ApiError("unsupported_media_type", { objection: "charset", expected: "utf-8" });
  }
  if (textNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw validationFailed([
      { path: "body", code: "too_deep", message: `nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw validationFailed([{ path: "body", code: "malformed_json", message: "is not valid JSON" }]);
  }
}
