/**
 * Headers that belong to one connection (RFC 9110 §7.6.1) and to the proxy hop: never passed on. Node
 * writes its own Connection and framing headers for each side.
 */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** Raw `[name, value, name, value …]` without hop-by-hop headers and those the Connection header names. */
export function endToEndHeaders(raw: readonly string[], drop: readonly string[] = []): string[] {
  const named = new Set(drop.map((d) => d.toLowerCase()));
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === "connection")
      for (const token of (raw[i + 1] as string).split(",")) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i] as string, raw[i + 1] as string);
  }
  return out;
}
