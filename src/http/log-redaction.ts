import type { FastifyRequest } from "fastify";

export const REDACTED = "[redacted]";

/** The URL with the value of every secret query parameter replaced (names compared decoded). */
export function redactUrl(url: string, secretParams: ReadonlySet<string>): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split("&");
  let changed = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i] as string;
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (secretParams.has(decodeName(name))) {
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
 * with the URL redacted. Every log line that names a request goes through it. `secretQueryParams` are
 * the query parameters that carry credentials; the parts that mint such URLs name them (app.ts).
 */
export function logSerializers(secretQueryParams: Iterable<string>) {
  const secret: ReadonlySet<string> = new Set(secretQueryParams);
  return {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactUrl(req.url, secret),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  };
}
