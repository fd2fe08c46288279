import { isIP } from "node:net";
import type { Resolver } from "../../src/net/resolver.js";

/** A fixed table of host names, falling back to another resolver for names it does not hold. */
export function staticResolver(table: Record<string, string[]>, fallback?: Resolver): Resolver {
  return {
    async resolve(host) {
      const hit = table[host.toLowerCase()];
      if (hit) return hit;
      if (isIP(host)) return [host];
      if (fallback) return fallback.resolve(host);
      throw Object.assign(new Error(`no such host: ${host}`), { code: "ENOTFOUND" });
    },
  };
}
