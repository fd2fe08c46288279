import type { FastifyInstance } from "fastify";
import { INTERNAL_TRANSPORT_HEADER } from "../http/conventions.js";
import { IDEMPOTENCY_HEADER } from "../http/idempotency.js";
import type { RateWindow } from "../http/rate-limit/limiter.js";
import { takesBody } from "../operations/refusals.js";
import { API_PREFIX } from "../operations/registry.js";
import { IDEMPOTENCY_ARGUMENT, type McpTool } from "./tools.js";

/**
 * A tool call is one request through the same in-process HTTP pipeline as the API (app.inject): the
 * caller's credential header as received, the Idempotency-Key from `idempotencyKey`, and the internal
 * transport header that marks it as MCP (1 MB body limit). Auth, scopes, rate limits, idempotency and
 * validation are the pipeline's own, so they cannot differ between the transports.
 */
export interface CallTarget {
  app: FastifyInstance;
  internalSecret: string;
  /** The caller's credential headers (`authorization`, `x-api-key`), exactly as received. */
  credential: Readonly<Record<string, string>>;
  /** The caller's address: unauthenticated failures are metered per IP, as over HTTP. */
  remoteAddress?: string;
  /** Carried as X-Request-Id, so the call's log lines and error body share the MCP request's id. */
  requestId?: string;
}

/** The MCP CallToolResult this module produces. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta: Record<string, unknown>;
}

export interface ToolCallOutcome {
  result: ToolResult;
  /** The rate window the call was answered under (from its RateLimit-* headers). */
  window: RateWindow | null;
}

/** Where an argument goes as text: strings as they are, anything else as JSON (numbers, booleans…). */
const asText = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * encodeURIComponent, except that half a character (which it throws on) is written as the bytes an
 * HTTP client would send for it: the router refuses that path as malformed, as it would over HTTP.
 */
function encodeSegment(text: string): string {
  if (text.isWellFormed()) return encodeURIComponent(text);
  let out = "";
  for (const char of text) {
    const unit = char.charCodeAt(0);
    out +=
      char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase()
        : encodeURIComponent(char);
  }
  return out;
}

export interface BuiltRequest {
  method: McpTool["op"]["row"]["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Arguments → method, path, query string, JSON body and headers. */
export function buildRequest(tool: McpTool, args: Record<string, unknown>, target: CallTarget): BuiltRequest {
  const { row } = tool.op;
  const headers: Record<string, string> = {
    ...target.credential,
    [INTERNAL_TRANSPORT_HEADER]: target.internalSecret,
  };
  if (target.requestId) headers["x-request-id"] = target.requestId;

  // A missing path argument becomes an empty segment, which the pipeline refuses (validation_failed
  // on path.<name>) after the credential and scope checks, in the same order as over HTTP.
  const path = row.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeSegment(args[name] === undefined || args[name] === null ? "" : asText(args[name])),
  );
  const query = new URLSearchParams();
  // No prototype: an argument named "__proto__" stays a field (and is refused as unknown), not a setter.
  const body: Record<string, unknown> = Object.create(null);
  const hasBody = takesBody(row);
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || tool.path.includes(name)) continue;
    if (name === IDEMPOTENCY_ARGUMENT && row.idempotent) {
      headers[IDEMPOTENCY_HEADER] = asText(value);
    } else if (tool.query.has(name) || (!hasBody && !tool.body.has(name))) {
      // Unknown arguments go where the pipeline refuses them as unknown fields: the body, or the query of a GET.
      if (value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, asText(item));
    } else {
      body[name] = value;
    }
  }
  const qs = query.toString();
  const request: BuiltRequest = { method: row.method, url: `${API_PREFIX}${path}${qs ? `?${qs}` : ""}`, headers };
  if (hasBody) {
    request.payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  return request;
}

export async function callTool(
  tool: McpTool,
  args: Record<string, unknown>,
  target: CallTarget,
  now: () => number,
): Promise<ToolCallOutcome> {
  const request = buildRequest(tool, args, target);
  const res = await target.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    ...(target.remoteAddress ? { remoteAddress: target.remoteAddress } : {}),
  });
  const header = (name: string): string | undefined => {
    const v = res.headers[name];
    return v === undefined ? undefined : String(v);
  };
  return {
    result: toResult(res.statusCode, res.body, header),
    window: windowOf(header, now),
  };
}

/** The operation's answer as a tool result: JSON as text and (objects) as structuredContent. */
export function toResult(status: number, text: string, header: (name: string) => string | undefined): ToolResult {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const meta: Record<string, unknown> = { "clipwright/status": status };
  const requestId = header("x-request-id");
  if (requestId) meta["clipwright/requestId"] = requestId;
  const location = header("location");
  if (location) meta["clipwright/location"] = location;
  if (header("idempotent-replayed") === "true") meta["clipwright/idempotentReplayed"] = true;
  const retryAfter = header("retry-after");
  if (retryAfter) meta["clipwright/retryAfterSeconds"] = Number(retryAfter);
  const result: ToolResult = {
    content: [{ type: "text", text: text || `(HTTP ${status}, no body)` }],
    _meta: meta,
  };
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    result.structuredContent = body as Record<string, unknown>;
  }
  if (status >= 400) result.isError = true;
  return result;
}

function windowOf(header: (name: string) => string | undefined, now: () => number): RateWindow | null {
  const limit = Number(header("ratelimit-limit"));
  const remaining = Number(header("ratelimit-remaining"));
  const reset = Number(header("ratelimit-reset"));
  if (![limit, remaining, reset].every(Number.isFinite)) return null;
  return { limit, remaining, resetAt: now() + reset * 1000 };
}
