import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintNarration } from "../../src/pipelines/walkthrough/narration-lint.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { CORPUS, type CorpusSite } from "../sites/corpus.js";
import { serveSite } from "../sites/serve.js";
import {
  copiedRuns,
  iconLigatures,
  overusedFrames,
  placeholders,
  repeats,
  skipLinks,
  srTwins,
} from "../support/narration-checks.js";

/**
 * The narration of storyboards planned on real templates (test/sites): what it says is what the screen
 * shows, as a presenter says it. Material Dashboard puts an icon ligature in every sidebar link and its
 * figures in cards; Sneat has figure cards and ApexCharts; Agency is lorem ipsum under real headings.
 * Each plan's lines are checked against what a viewer must never hear (test/support/narration-checks.ts).
 * Real Chromium and HTTP on loopback: sqlite project only.
 */

interface Beat {
  url: string;
  action: string;
  target: { role?: string; name?: string; css?: string } | null;
  narration: string;
}

const site = (id: string): CorpusSite => CORPUS.find((s) => s.id === id) as CorpusSite;

/** The body text of every page the plan shows: its paragraphs, list entries and cells, as the HTML has them. */
async function bodyTexts(beats: Beat[]): Promise<string[]> {
  const docs = [...new Set(beats.map((b) => b.url.replace(/#.*$/, "")))];
  const texts: string[] = [];
  for (const url of docs) {
    const doc = new JSDOM(await (await fetch(url)).text()).window.document;
    for (const el of doc.querySelectorAll("p, li, td, blockquote, h1, h2, h3, h4, h5, h6"))
      texts.push((el.textContent ?? "").replace(/\s+/g, " ").trim());
  }
  return texts;
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("narration on real templates", () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness["user"]>>;

  beforeAll(async () => {
    h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1"] }, rateStore: "memory" });
    user = await h.user();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function plan(id: string, which: "named" | "vague"): Promise<Beat[]> {
    const served = await serveSite(site(id));
    try {
      const body = { url: served.startUrl, hint: site(id).hints[which].text, targetSeconds: 60 };
      const res = await h.request("POST", "/storyboards", { token: user.key, idempotencyKey: idem(), body });
      expect(res.status).toBe(202);
      await h.drain();
      const sb = (await h.request("GET", `/storyboards/${res.body.id}`, { token: user.key })).body;
      expect(sb.state, JSON.stringify(sb.error)).toBe("succeeded");
      const url = (sb.result.artifacts as { type: string; url: string }[]).find((a) => a.type === "storyboard")?.url;
      const file = await h.app.inject({ method: "GET", url: (url ?? "").replace(h.deps.config.publicUrl, "") });
      const beats = (JSON.parse(file.body) as { beats: Beat[] }).beats;
      const lines = beats.map((b) => b.narration);
      expect(iconLigatures(lines), id).toEqual([]);
      expect(srTwins(lines), id).toEqual([]);
      expect(skipLinks(lines), id).toEqual([]);
      expect(placeholders(lines), id).toEqual([]);
      expect(repeats(lines), id).toEqual([]);
      expect(overusedFrames(lines), id).toEqual([]);
      const shown = await bodyTexts(beats);
      expect(copiedRuns(lines, shown), id).toEqual([]);
      // And the benchmark's own lint finds nothing.
      expect(lintNarration({ lines, bodyText: shown }), id).toEqual([]);
      return beats;
    } finally {
      await served.close();
    }
  }

  it("Material Dashboard: figures as label and value, pages by name without their icon's ligature", {
    timeout: 180_000,
  }, async () => {
    const beats = await plan("material-dashboard", "named");
    const all = beats.map((b) => b.narration).join(" ");
    expect(beats[0]?.narration).toMatch(/Today's Money at \$53k, Today's Users at 2,300, New Clients at 3,462/);
    // The planner names the link "receipt_long Billing"; the line says what the viewer reads.
    const billing = beats.find((b) => /Billing/.test(b.target?.name ?? ""));
    expect(billing?.narration).toMatch(/\bBilling\b/);
    expect(all).not.toMatch(/receipt_long|table_view|view_in_ar/);
  });

  it("Sneat: its figure cards and ApexCharts by title and kind", { timeout: 180_000 }, async () => {
    const beats = await plan("sneat", "vague");
    const all = beats.map((b) => b.narration).join(" ");
    expect(all).toMatch(/profit at \$12,628/);
    expect(all).toMatch(/\b(bar|line|pie|area) chart\b/);
  });

  it("Agency: sections by their heading and what they hold, never their lorem ipsum", {
    timeout: 180_000,
  }, async () => {
    const beats = await plan("agency", "named");
    const all = beats.map((b) => b.narration).join(" ");
    expect(all).toMatch(/E-Commerce, Responsive Design and Web Security/);
    expect(all).toMatch(/form asks for name, email, phone and message/);
  });
});
