import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { compileValidator } from "../../src/http/validation.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import { type InspectionDeps, type InspectionInput, inspectSource } from "../../src/pipelines/marketing/index.js";
import { SOURCE_MANIFEST_SCHEMA, type SourceManifest } from "../../src/pipelines/marketing/source/manifest.js";
import type { PipelineRun } from "../../src/pipelines/run.js";
import { FileLinks } from "../../src/storage/file-links.js";
import { LocalStorage } from "../../src/storage/local.js";
import { CORPUS } from "../sites/corpus.js";
import { type ServedSite, serveSite } from "../sites/serve.js";
import { staticResolver } from "../support/static-resolver.js";

// The scanner on the corpus's four real landing templates, served as a web server would and scanned as a
// new user would (real fenced Chromium, real storage), each twice: the manifest against a hand-checked
// excerpt of what the page shows, and the second scan's palette against the first's.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");

interface Expected {
  headline: string;
  tagline: string | null;
  logo: boolean;
  /** The hero's background picture is kept (`from: hero`). */
  heroImage: boolean;
  /** Blocks other than headline and calls to action, in page order: `kind: title` (or `kind: text`). */
  blocks: string[];
  testimonials: { text: string; author: string }[];
  claimsIn: string[];
  /** Phrases no claim may contain. */
  claimsOut: string[];
  /** Texts no block may contain (hidden or filler text). */
  never: RegExp[];
  sectionShots: string[];
  placeholderWarning: boolean;
}

const EXPECTED: Record<string, Expected> = {
  agency: {
    // No <h1>: the masthead's big line is the headline, the line above it the tagline.
    headline: "It's Nice To Meet You",
    tagline: "Welcome To Our Studio!",
    // The navbar's brand image (alt "..."), outside the first <header> (the masthead).
    logo: true,
    heroImage: true,
    blocks: [
      "value_proposition: Welcome To Our Studio!",
      "feature: Threads",
      "feature: Explore",
      "feature: Finish",
      "feature: Lines",
      "feature: Southwest",
      "feature: Window",
      "feature: Parveen Anand",
      "feature: Diana Petersen",
      "feature: Larry Parker",
    ],
    testimonials: [],
    claimsIn: [],
    claimsOut: ["2009", "2011"],
    // Lorem ipsum services and timeline, and the dated timeline as features.
    never: [/lorem ipsum/i, /\bdolor sit\b/i, /^2009-2011$/, /Our Humble Beginnings/],
    sectionShots: ["section:features", "section:portfolio", "section:about", "section:team", "section:contact"],
    placeholderWarning: true,
  },
  "landing-page": {
    headline: "Generate more leads with a professional landing page!",
    // The hero has a sign-up form under its headline and no subhead.
    tagline: null,
    logo: false,
    heroImage: true,
    blocks: [
      "feature: Fully Responsive",
      "feature: Bootstrap 5 Ready",
      "feature: Easy to Use",
      "feature: Fully Responsive Design",
      "feature: Updated For Bootstrap 5",
      "feature: Easy to Use & Customize",
      "testimonial: This is fantastic! Thanks so much guys!",
      "testimonial: Bootstrap is amazing. I've been using it to create lots of super nice landing pages.",
      "testimonial: Thanks so much for making these free resources available to us!",
    ],
    testimonials: [
      { text: "This is fantastic! Thanks so much guys!", author: "Margaret E." },
      {
        text: "Bootstrap is amazing. I've been using it to create lots of super nice landing pages.",
        author: "Fred S.",
      },
      { text: "Thanks so much for making these free resources available to us!", author: "Sarah W." },
    ],
    claimsIn: ["free"],
    claimsOut: ["5 Ready", "5 framework", "Bootstrap 5"],
    // The form's validation and status messages are display:none.
    never: [/is required/i, /Error sending message/i, /submission successful/i, /Email is not valid/i],
    sectionShots: ["section:features", "section:other", "section:testimonials", "section:contact", "section:other"],
    placeholderWarning: false,
  },
  freelancer: {
    headline: "Start Bootstrap",
    tagline: "Graphic Artist - Web Designer - Illustrator",
    logo: false,
    heroImage: false,
    blocks: ["value_proposition: Graphic Artist - Web Designer - Illustrator", "value_proposition: About"],
    testimonials: [],
    claimsIn: ["free"],
    claimsOut: ["2215"],
    never: [/is required/i, /Error sending message/i],
    sectionShots: ["section:portfolio", "section:about", "section:contact", "section:other"],
    placeholderWarning: false,
  },
  grayscale: {
    headline: "Grayscale",
    tagline: "A free, responsive, one page Bootstrap theme created by Start Bootstrap.",
    logo: false,
    heroImage: true,
    blocks: [
      "value_proposition: A free, responsive, one page Bootstrap theme created by Start Bootstrap.",
      "value_proposition: Built with Bootstrap 5",
      "feature: Shoreline",
      "feature: Misty",
      "feature: Mountains",
    ],
    testimonials: [],
    claimsIn: ["free", "open source"],
    claimsOut: ["4923 Market", "5 Grayscale", "Bootstrap 5"],
    // Address, email and phone cards are contact details, not features.
    never: [/4923 Market Street/, /\+1 \(555\)/, /hello@yourdomain\.com/],
    sectionShots: ["section:about", "section:portfolio", "section:contact", "section:contact", "section:other"],
    placeholderWarning: false,
  },
};

const SLOW = 180_000;
let pool: BrowserPool;
let dir: string;
let deps: InspectionDeps;

function runOf(url: string): PipelineRun<InspectionInput> {
  return {
    id: randomUUID(),
    input: { kind: "url", sourceId: randomUUID(), version: 1, previousVersion: null, url },
    signal: new AbortController().signal,
    async progress() {},
    async checkpoint() {},
  };
}

async function scan(url: string): Promise<SourceManifest> {
  const out = await inspectSource(runOf(url), deps);
  const source = out.artifacts.find((a) => a.type === "source");
  const manifest = JSON.parse((await deps.storage.get(source?.key ?? "")).toString("utf8")) as unknown;
  expect(compileValidator("body", SOURCE_MANIFEST_SCHEMA)(manifest)).toEqual([]);
  return manifest as SourceManifest;
}

const summary = (b: SourceManifest["copy"][number]): string => {
  const title = "title" in b && b.title ? b.title : null;
  return `${b.kind}: ${title ?? ("text" in b ? b.text : "")}`;
};
const textsOf = (m: SourceManifest) =>
  m.copy.flatMap((b) => [
    "title" in b ? (b.title ?? "") : "",
    "text" in b ? b.text : "",
    ...("items" in b ? b.items : []),
  ]);

beforeAll(async () => {
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 15_000 });
  dir = await mkdtemp(join(tmpdir(), "cw-scan-corpus-"));
  deps = {
    browser: pool,
    storage: new LocalStorage(dir, new FileLinks("http://127.0.0.1:1", randomBytes(32), systemClock)),
    clock: systemClock,
    guard: { config: { env: "test", allowPrivateHosts: ["127.0.0.1"] }, resolver: staticResolver({}) },
    ffmpeg: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    fonts: await loadFontCatalogue(),
    settings: { extraPages: 5, pageTimeoutMs: 15_000, scanTimeoutMs: 90_000 },
  };
});
afterAll(async () => {
  await pool?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

browserOnly("scanning the corpus's landing templates", () => {
  for (const [id, expected] of Object.entries(EXPECTED)) {
    it(
      `${id}: the manifest holds what the page shows, and a rescan has the same palette`,
      async () => {
        const site = CORPUS.find((s) => s.id === id);
        if (!site) throw new Error(`no corpus site ${id}`);
        const served: ServedSite = await serveSite(site);
        try {
          const m = await scan(served.startUrl);
          const headline = m.copy.find((b) => b.kind === "headline" && b.page === 0);
          expect(headline && "text" in headline ? headline.text : null).toBe(expected.headline);
          expect(m.brand.tagline).toBe(expected.tagline);
          expect(m.brand.tagline).not.toBe(expected.headline);
          expect(m.brand.logo !== null).toBe(expected.logo);
          expect(m.warnings.some((w) => w.code === "no_logo")).toBe(!expected.logo);
          expect(m.assets.some((a) => a.type === "image" && a.from === "hero" && a.retained)).toBe(expected.heroImage);

          const blocks = m.copy.filter((b) => b.kind !== "headline" && b.kind !== "call_to_action").map(summary);
          expect(blocks).toEqual(expected.blocks);
          const testimonials = m.copy.flatMap((b) =>
            b.kind === "testimonial" ? [{ text: b.text, author: b.author ?? "" }] : [],
          );
          expect(testimonials).toEqual(expected.testimonials);
          for (const text of textsOf(m)) for (const never of expected.never) expect(text).not.toMatch(never);

          const claims = m.claims.map((c) => c.text.toLowerCase());
          for (const claim of expected.claimsIn) expect(claims).toContain(claim.toLowerCase());
          for (const out of expected.claimsOut) expect(claims.filter((c) => c.includes(out.toLowerCase()))).toEqual([]);

          const shots = m.assets.filter((a) => a.type === "screenshot").map((a) => a.from);
          expect(shots[0]).toBe("hero");
          expect(shots.at(-1)).toBe("full-page");
          expect(shots.filter((s) => s?.startsWith("section:"))).toEqual(expected.sectionShots);
          expect(m.warnings.some((w) => w.code === "placeholder_copy")).toBe(expected.placeholderWarning);

          // An unchanged page scanned again: the same palette, so a version diff shows no noise.
          const again = await scan(served.startUrl);
          expect(again.palette).toEqual(m.palette);
          expect(again.brand.suggestedColors).toEqual(m.brand.suggestedColors);
        } finally {
          await served.close();
        }
      },
      SLOW,
    );
  }
});
