import { ApiFailure, type Details } from "./failure";
import { OPERATIONS, type OperationId, type Operations } from "./openapi-types";

/** Where the API lives: this origin, so the policy's `connect-src 'self'` is all it needs. */
const API_PREFIX = "/api/v1";

type Op<Id extends OperationId> = Operations[Id];
/** What a call takes: path parameters, query and body, each only where the operation has one. */
export type InputOf<Id extends OperationId> = (Op<Id> extends { params: infer P } ? { params: P } : unknown) &
  (Op<Id> extends { query: infer Q } ? { query?: Q } : unknown) &
  (Op<Id> extends { body: infer B } ? { body: B } : Op<Id> extends { body?: infer B } ? { body?: B } : unknown);
export type ResponseOf<Id extends OperationId> = Op<Id>["response"];

interface Credentials {
  /** The session token, or null when signed out. */
  token(): string | null;
  /** A call made with a session was refused 401: the session has ended. */
  ended(): void;
}

let credentials: Credentials = { token: () => null, ended: () => {} };

/** The session module plugs itself in here; the client never stores the token itself. */
export function provideCredentials(given: Credentials): void {
  credentials = given;
}

/**
 * A fresh Idempotency-Key per action. From getRandomValues, which every browser has even over plain
 * http on a LAN address (crypto.randomUUID exists only in secure contexts).
 */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function urlOf(path: string, params: Record<string, string> | undefined, query: object | undefined): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const qs = search.toString();
  return `${API_PREFIX}${filled}${qs ? `?${qs}` : ""}`;
}

/** Calls one operation of the public API (or a dashboard sign-in route) with the session token. */
export async function call<Id extends OperationId>(id: Id, input: InputOf<Id>): Promise<ResponseOf<Id>> {
  const op = OPERATIONS[id];
  const { params, query, body } = input as { params?: Record<string, string>; query?: object; body?: unknown };
  const headers: Record<string, string> = { accept: "application/json" };
  const token = op.session ? credentials.token() : null;
  if (op.session && !token) {
    // The session's time ran out since the page loaded: as the service would answer, without asking it.
    credentials.ended();
    throw new ApiFailure(401, "unauthorized", "Not signed in.", { reason: "no_credential" }, null);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  if (op.idempotent) headers["idempotency-key"] = idempotencyKey();
  const sendsBody = body !== undefined || (op.method !== "GET" && op.method !== "DELETE");
  if (sendsBody) headers["content-type"] = "application/json";

  let res: Response;
  try {
    res = await fetch(urlOf(op.path, params, query), {
      method: op.method,
      headers,
      body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    throw new ApiFailure(0, "network", "No answer from the service.", {}, null);
  }
  if (res.ok) return (res.status === 204 ? null : await res.json()) as ResponseOf<Id>;
  const failure = await failureOf(res);
  if (failure.status === 401 && token) credentials.ended();
  throw failure;
}

async function failureOf(res: Response): Promise<ApiFailure> {
  const requestId = res.headers.get("x-request-id");
  try {
    const { error } = (await res.json()) as {
      error: { code: ApiFailure["code"]; message: string; details?: Details; requestId: string | null };
    };
    return new ApiFailure(res.status, error.code, error.message, error.details ?? {}, error.requestId ?? requestId);
  } catch {
    return new ApiFailure(res.status, "bad_answer", `HTTP ${res.status}`, {}, requestId);
  }
}
