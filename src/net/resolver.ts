import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Host name → every address it resolves to. An interface so tests can resolve names they own. */
export interface Resolver {
  resolve(host: string): Promise<string[]>;
}

/** The system resolver (getaddrinfo): what a connection would use. */
export const systemResolver: Resolver = {
  async resolve(host) {
    const answers = await lookup(host, { all: true, verbatim: true });
    return answers.map((a) => a.address);
  },
};

/** A fixed table (tests), falling back to another resolver for names it does not hold. */
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
