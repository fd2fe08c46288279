import type { FastifyReply } from "fastify";
import type { Config } from "../config.js";

/**
 * The policy an HTML page gets unless its route sets a stricter one: only this origin's resources, no
 * plugins, no framing (clickjacking), forms only to this origin, no <base> rewriting.
 */
export const DEFAULT_PAGE_CSP =
  "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** A year, without includeSubDomains: a self-hosted service does not speak for its neighbours. */
const HSTS = "max-age=31536000";

/**
 * Security headers for every answer, set in one place (the conventions' onSend). Every response:
 * `X-Content-Type-Options: nosniff` (a JSON body or a stored file is never run as something else).
 * HTML responses (pages now, the dashboard later): a Content-Security-Policy (the route's own if it
 * set one), no framing, no Referer (page URLs can hold tokens), and a browsing context of their own.
 * HSTS only where the service is reached over https in production: the public URL says so, because
 * TLS usually ends at a proxy in front of the service and the request itself arrives as http.
 */
export function securityHeaders(config: Pick<Config, "env" | "publicUrl">): (reply: FastifyReply) => void {
  const hsts = config.env === "production" && config.publicUrl.startsWith("https://");
  return (reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    if (hsts) reply.header("Strict-Transport-Security", HSTS);
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !type.startsWith("text/html")) return;
    if (!reply.hasHeader("content-security-policy")) reply.header("Content-Security-Policy", DEFAULT_PAGE_CSP);
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
  };
}
