import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-IP throttle counts a client under. An IPv4 client is its address. An IPv6 client is
 * handed a whole /64 (SLAAC, privacy addresses: any host can pick a new address in it at will), so it
 * is keyed on that prefix, or rotating through its own addresses would give it a fresh budget each
 * time. IPv4-mapped IPv6 (`::ffff:a.b.c.d`, what a dual-stack socket reports) is the IPv4 client it
 * names. IPv6 keys are canonical (lowercase, no leading zeros, zone dropped) and end in `/64`, so every
 * spelling of one prefix is one key. Anything that is not an address (an empty remote address) is
 * returned as it is.
 */
export function throttleKeyOf(address: string): string {
  if (isIPv4(address)) return address;
  const bare = address.split("%")[0] as string; // fe80::1%eth0: the zone names our interface, not the client
  if (!isIPv6(bare)) return address;
  const groups = hextets(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6] as number, groups[7] as number];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted quad folded in). */
function hextets(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const [h, t] = [parse(head), parse(tail)];
  return tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}
