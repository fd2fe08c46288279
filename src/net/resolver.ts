import { lookup } from "node:dns/promises";

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
