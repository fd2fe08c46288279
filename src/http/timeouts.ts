import type { HttpTimeouts } from "../config.js";

/**
 * Fastify's server options for how long a client may hold a connection. Left to the defaults, a
 * request whose body trickles in never times out (Fastify turns Node's request timeout off) and a
 * silent connection is never closed. Node checks the request and header deadlines on an interval,
 * which is therefore kept well under the shorter of the two.
 */
export function serverTimeouts(t: HttpTimeouts) {
  const checkEveryMs = Math.max(10, Math.min(30_000, Math.floor(Math.min(t.headersMs, t.requestMs) / 4)));
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionTimeout: t.idleMs,
    http: { requestTimeout: t.requestMs, headersTimeout: t.headersMs, connectionsCheckingInterval: checkEveryMs },
  };
}
