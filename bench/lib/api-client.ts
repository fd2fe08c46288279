// The service as a client sees it: real HTTP on loopback (keep-alive, as any client library keeps its
// connection), timed from the request's start until the whole body is read. The body is parsed after
// the clock stops: a client's JSON parse is not the server's latency.
import { randomBytes } from "node:crypto";
import { BenchError } from "./load.js";

export interface Answer {
  status: number;
  ms: number;
  /** The body's size in bytes, as sent. */
  bytes: number;
  body: any;
  /** The answer is a replay of an earlier one with the same Idempotency-Key (Idempotent-Replayed). */
  replayed: boolean;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface CallOptions {
  /** The Idempotency-Key of a write: a fresh one by default; null sends none. */
  idempotencyKey?: string | null;
  /** Another bearer credential than the client's key (a session, another key, a wrong one). */
  token?: string;
}

export interface ApiClient {
  call(method: Method, path: string, body?: unknown, opts?: CallOptions): Promise<Answer>;
  /** As `call`, but anything other than `status` is a failed benchmark. */
  expect(status: number, method: Method, path: string, body?: unknown): Promise<Answer>;
}

export function apiClient(base: string, key: string): ApiClient {
  const call = async (method: Method, path: string, body?: unknown, opts: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.token ?? key}` };
    if (method !== "GET") {
      if (body !== undefined) headers["content-type"] = "application/json";
      const idempotencyKey =
        opts.idempotencyKey === undefined ? `bench-${randomBytes(8).toString("hex")}` : opts.idempotencyKey;
      if (idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey;
    }
    const started = performance.now();
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    return {
      status: res.status,
      ms,
      bytes: Buffer.byteLength(text),
      body: text ? JSON.parse(text) : undefined,
      replayed: res.headers.get("idempotent-replayed") === "true",
    };
  };
  return {
    call,
    async expect(status, method, path, body) {
      const answer = await call(method, path, body);
      if (answer.status !== status)
        throw new BenchError(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer;
    },
  };
}
