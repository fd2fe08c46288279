import type { LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { Agent, request } from "undici";

/**
 * POST to an address the guard has already checked. The connection goes to that address, not to a new DNS
 * answer, so a name cannot be rebound to a private address between the check and the connect. The URL's
 * host name is still what TLS sees (SNI, certificate check) and what the Host header carries.
 */
export interface PinnedTarget {
  url: URL;
  addresses: string[];
}

export type PinnedResult = { status: number; ms: number } | { error: string; ms: number };

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const DRAIN_LIMIT = 64 * 1024;
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_)|CERT|SELF_SIGNED|UNABLE_TO_/;

/** A short code for lastError. Never the error message: undici's messages can quote the URL. */
export function failureCode(err: unknown, timedOut: boolean): string {
  if (timedOut) return "timeout";
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const raw = typeof e?.code === "string" ? e.code : e?.cause?.code;
  const code = typeof raw === "string" && /^[A-Z0-9_]{1,64}$/.test(raw) ? raw : undefined;
  if (!code) return "network_error";
  if (TIMEOUT_CODES.has(code)) return "timeout";
  if (TLS_CODE.test(code)) return `tls:${code}`;
  return code;
}

export type PinnedPage =
  | { status: number; location: string | null; contentType: string; text: string }
  | { error: string };

// One agent per pinned address: every connection in its pools goes to that address whatever the origin, so
// a kept-alive socket can never lead somewhere that was not checked. Bounded; the oldest is closed first.
const MAX_AGENTS = 64;

/**
 * The kept-alive connections of requests to checked addresses (webhook deliveries, start-page fetches).
 * The app holds one (Deps.pinnedAgents) and closes it on shutdown; a closed pool opens nothing more.
 */
export class PinnedAgentPool {
  private readonly agents = new Map<string, Agent>();
  private closed = false;

  /**
   * One delivery attempt: a 3xx is an answer like any other (never followed), the response body is drained
   * and dropped, and the whole attempt — connect, headers and body — is cut at `timeoutMs`.
   */
  async post(
    target: PinnedTarget,
    body: string | Buffer,
    headers: Record<string, string>,
    opts: { timeoutMs: number },
  ): Promise<PinnedResult> {
    const started = performance.now();
    const answer = await this.pinned(target, opts.timeoutMs, async (address, signal) => {
      const res = await request(target.url, {
        method: "POST",
        headers,
        body,
        dispatcher: this.agentFor(address),
        signal,
      });
      // Only drained so the socket can be reused; past DRAIN_LIMIT bytes the connection is dropped instead.
      await res.body.dump({ limit: DRAIN_LIMIT, signal });
      return { status: res.statusCode };
    });
    const noAddress = "error" in answer && answer.error === "no_address";
    return { ...answer, ms: noAddress ? 0 : Math.round(performance.now() - started) };
  }

  /**
   * One GET of a page the guard has checked, to the checked address: redirects are answered, never
   * followed (the caller checks the next address again), and the body is cut at `maxBytes`.
   */
  async getText(
    target: PinnedTarget,
    opts: { timeoutMs: number; maxBytes: number; headers?: Record<string, string> },
  ): Promise<PinnedPage> {
    return this.pinned(target, opts.timeoutMs, async (address, signal): Promise<PinnedPage> => {
      const res = await request(target.url, {
        method: "GET",
        headers: opts.headers ?? {},
        dispatcher: this.agentFor(address),
        signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        chunks.push(buf);
        size += buf.length;
        if (size >= opts.maxBytes) {
          res.body.destroy();
          break;
        }
      }
      const header = (name: string) => {
        const v = res.headers[name];
        return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
      };
      return {
        status: res.statusCode,
        location: header("location"),
        contentType: header("content-type") ?? "",
        text: Buffer.concat(chunks).subarray(0, opts.maxBytes).toString("utf8"),
      };
    });
  }

  /** Closes every cached connection; requests made afterwards fail with the code POOL_CLOSED. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.agents.values()];
    this.agents.clear();
    await Promise.allSettled(all.map((a) => a.close()));
  }

  private agentFor(address: string): Agent {
    if (this.closed) throw Object.assign(new Error("the pinned agent pool is closed"), { code: "POOL_CLOSED" });
    const cached = this.agents.get(address);
    if (cached) return cached;
    const family = isIP(address);
    const lookup = (_host: string, options: { all?: boolean }, callback: LookupCallback): void => {
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily); answer the one we checked.
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const agent = new Agent({ connect: { lookup }, keepAliveTimeout: 4_000 });
    this.agents.set(address, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldest, old] = this.agents.entries().next().value as [string, Agent];
      this.agents.delete(oldest);
      void old.close().catch(() => {});
    }
    return agent;
  }

  /**
   * Runs one request to the target's checked address with the whole exchange cut at `timeoutMs`; a
   * failure becomes a short code (failureCode), never a thrown error.
   */
  private async pinned<T>(
    target: PinnedTarget,
    timeoutMs: number,
    exchange: (address: string, signal: AbortSignal) => Promise<T>,
  ): Promise<T | { error: string }> {
    const address = target.addresses[0];
    if (!address || isIP(address) === 0) return { error: "no_address" };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await exchange(address, controller.signal);
    } catch (err) {
      return { error: failureCode(err, timedOut) };
    } finally {
      clearTimeout(timer);
    }
  }
}
