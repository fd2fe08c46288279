// What the quality benchmark renders: our two fixture sites and every corpus site (test/sites) with each
// of its two hints. A case says how to serve its site, what to ask for, and how to read its pages' text.
import type { BrowserContext } from "playwright-core";
import { CORPUS } from "../../test/sites/corpus.js";
import { serveSite } from "../../test/sites/serve.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminSite } from "../../test/support/admin-site-server.js";
import { startLandingSite } from "../../test/support/landing-site-server.js";

export interface ServedCase {
  /** POST /storyboards's body, hint and length aside. */
  body: Record<string, unknown>;
  /** Opens a session for reading pages behind a login. */
  signIn?: (context: BrowserContext) => Promise<void>;
  close(): Promise<void>;
}

export interface QualityCase {
  /** The site's id (`--sites` picks by it). */
  site: string;
  kind: "admin" | "landing";
  hint: "named" | "vague";
  hintText: string;
  /** The places the hint names, as the site labels them, in order (none for a vague hint). */
  places: readonly string[];
  /** Written to docs/samples/ under this stem. */
  sample?: string;
  serve(): Promise<ServedCase>;
}

const FIXTURES: QualityCase[] = [
  {
    site: "fixture-admin",
    kind: "admin",
    hint: "named",
    hintText: "show the dashboard overview, then the charts page, then the tables page and search for London",
    places: ["Dashboard", "Charts", "Tables"],
    sample: "admin-walkthrough",
    async serve() {
      const s = await startAdminSite();
      return {
        body: {
          url: `${s.url}/`,
          credentials: { loginUrl: `${s.url}/login`, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        },
        signIn: async (context) => {
          const res = await context.request.post(`${s.url}/api/login`, {
            data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
          });
          if (!res.ok()) throw new Error(`fixture login answered ${res.status()}`);
        },
        close: () => s.close(),
      };
    },
  },
  {
    site: "fixture-landing",
    kind: "landing",
    hint: "named",
    hintText: "show the features, then the pricing, then the FAQ",
    places: ["Features", "Pricing", "FAQ"],
    async serve() {
      const s = await startLandingSite();
      return { body: { url: `${s.url}/` }, close: () => s.close() };
    },
  },
];

/** The first admin app and the first landing page of the corpus give the corpus samples. */
const sampled = new Set(
  (["admin", "landing"] as const).flatMap((kind) => CORPUS.find((s) => s.kind === kind)?.id ?? []),
);

const CORPUS_CASES: QualityCase[] = CORPUS.flatMap((site) =>
  (["named", "vague"] as const).map(
    (hint): QualityCase => ({
      site: site.id,
      kind: site.kind,
      hint,
      hintText: site.hints[hint].text,
      places: site.hints[hint].places,
      ...(hint === "named" && sampled.has(site.id) ? { sample: `corpus-${site.id}` } : {}),
      async serve() {
        const s = await serveSite(site);
        return { body: { url: s.startUrl }, close: () => s.close() };
      },
    }),
  ),
);

export const QUALITY_CASES: readonly QualityCase[] = [...FIXTURES, ...CORPUS_CASES];
