import { isIP } from "node:net";

/**
 * Why an address may not be reached from this service. Null means public. The spec names private,
 * loopback, link-local, carrier-grade NAT and IPv4-mapped IPv6; the rest of the IANA special-purpose
 * ranges (unspecified, multicast, documentation, benchmarking, reserved, NAT64, 6to4, Teredo …)
 * are refused too, under the closest of those names.
 */
export type BlockedKind =
  | "loopback"
  | "private"
  | "link_local"
  | "carrier_grade_nat"
  | "ipv4_mapped_ipv6"
  | "unspecified"
  | "multicast"
  | "reserved";

interface Range {
  base: bigint;
  bits: number;
  kind: BlockedKind;
}

const V4: [string, number, BlockedKind][] = [
  ["0.0.0.0", 8, "unspecified"], // "this network"
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier_grade_nat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link_local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"], // IETF protocol assignments
  ["192.0.2.0", 24, "reserved"], // TEST-NET-1
  ["192.88.99.0", 24, "reserved"], // 6to4 relay anycast
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"], // benchmarking
  ["198.51.100.0", 24, "reserved"], // TEST-NET-2
  ["203.0.113.0", 24, "reserved"], // TEST-NET-3
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"], // including 255.255.255.255
];

const V6: [string, number, BlockedKind][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["::ffff:0:0", 96, "ipv4_mapped_ipv6"],
  ["::", 96, "reserved"], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96, "reserved"], // NAT64: would reach an IPv4 address we did not check
  ["64:ff9b:1::", 48, "reserved"],
  ["100::", 64, "reserved"], // discard-only
  ["2001::", 32, "reserved"], // Teredo
  ["2001:db8::", 32, "reserved"], // documentation
  ["2002::", 16, "reserved"], // 6to4: embeds an IPv4 address
  ["fc00::", 7, "private"], // unique local
  ["fe80::", 10, "link_local"],
  ["fec0::", 10, "private"], // site-local (deprecated)
  ["ff00::", 8, "multicast"],
];

const v4ToBig = (ip: string): bigint => ip.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);

function v6ToBig(ip: string): bigint {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hextets.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const v = v4ToBig(quad[1] as string);
    text = `${text.slice(0, -(quad[1] as string).length)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g || "0", 16)), 0n);
}

const compile = (table: [string, number, BlockedKind][], toBig: (s: string) => bigint, width: number): Range[] =>
  table
    .map(([base, bits, kind]) => ({ base: toBig(base) >> BigInt(width - bits), bits, kind }))
    .sort((a, b) => b.bits - a.bits); // most specific first (::1 before ::/96)

const V4_RANGES = compile(V4, v4ToBig, 32);
const V6_RANGES = compile(V6, v6ToBig, 128);

/** The kind of blocked address `ip` is, or null when it is public. `ip` must be a literal address. */
export function blockedKind(ip: string): BlockedKind | null {
  const family = isIP(ip.split("%")[0] as string);
  if (family === 4) {
    const v = v4ToBig(ip);
    return V4_RANGES.find((r) => v >> BigInt(32 - r.bits) === r.base)?.kind ?? null;
  }
  if (family === 6) {
    const v = v6ToBig(ip);
    return V6_RANGES.find((r) => v >> BigInt(128 - r.bits) === r.base)?.kind ?? null;
  }
  return "reserved"; // not an address at all: never reachable
}
