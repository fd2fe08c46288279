import type { FastifyRequest } from "fastify";
import { VERIFY_TOKEN_PARAM } from "../domains/auth/email-verification.js";
import { SIGNATURE_PARAM } from "../storage/local.js";

/**
 * Query parameters that are credentials: a signed file URL's signature (the URL is the only thing
 * guarding the file) and an e-mail verification token. The expiry next to a signature is not secret
 * and stays readable: it is what tells an "expired link" report apart from a forged one.
 */
const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([SIGNATURE_PARAM, VERIFY_TOKEN_PARAM]);
export const REDACTED = "[redacted]";

/** The URL with the value of every secret query parameter replaced (names compared decoded). */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split("&");
  let changed = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i] as string;
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (SECRET_QUERY_PARAMS.has(decodeName(name))) {
      pairs[i] = `${name}=${REDACTED}`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${pairs.join("&")}` : url;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name; // not valid percent-encoding: the query parser keeps it as written too
  }
}

/**
 * Replaces Fastify's `req` serializer (the "incoming request" line of every request): the same fields,
 * with the URL redacted. Every log line that names a request goes through it.
 */
export const LOG_SERIALIZERS = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
