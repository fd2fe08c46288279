// Walkthrough planning on the site corpus (test/sites: 4 admin apps, 4 landing pages, real templates from
// npm). Each site's two hints (one naming three places in order, one vague) are planned with POST
// /storyboards on SQLite with real Chromium, and the plan is read back: which hint steps went unmet, whether
// the places the hint names were planned in the order asked, and how many distinct views the beats show.
//
// This is the planning stage of the corpus benchmark only, quick to rerun while tuning the planner:
// nothing is rendered here (the `quality` suite renders the same plans and measures length, speech,
// loudness and the narration lint). Target: every place a named hint names is planned, in order, and no
// step goes unmet. `npm run bench -- corpus-plan --sites sb-admin,agency:named` plans only those sites (or one hint of a
// site); a run of a subset prints its table and leaves docs/benchmarks.md alone.
import type { Beat } from "../../src/pipelines/walkthrough/beats.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { CORPUS, type CorpusHint, type CorpusSite } from "../../test/sites/corpus.js";
import { serveSite } from "../../test/sites/serve.js";
import { distinctViews, type PlacesFound, placesFound } from "../lib/corpus-places.js";
import { BenchError } from "../lib/load.js";
import { load, machine, table } from "../lib/report.js";
import { type Suite, type SuiteResult, selected } from "../lib/suite.js";

const TARGET_SECONDS = 60;

interface Planned {
  site: CorpusSite;
  which: "named" | "vague";
  hint: CorpusHint;
  beats: Beat[];
  unmet: string[];
  places: PlacesFound;
}

async function plan(h: Harness, key: string, site: CorpusSite, which: "named" | "vague"): Promise<Planned> {
  const served = await serveSite(site);
  const hint = site.hints[which];
  try {
    const created = await h.request("POST", "/storyboards", {
      token: key,
      idempotencyKey: idem(),
      body: { url: served.startUrl, hint: hint.text, targetSeconds: TARGET_SECONDS },
    });
    if (created.status !== 202) throw new BenchError(`${site.id}: storyboard create answered ${created.status}`);
    await h.drain();
    const sb = (await h.request("GET", `/storyboards/${created.body.id}`, { token: key })).body;
    if (sb.state !== "succeeded")
      throw new BenchError(`${site.id}: storyboard ${sb.state}: ${JSON.stringify(sb.error)}`);
    const url = (sb.result.artifacts as { type: string; url: string }[]).find((a) => a.type === "storyboard")?.url;
    const got = await h.app.inject({ method: "GET", url: (url ?? "").replace(h.deps.config.publicUrl, "") });
    const doc = JSON.parse(got.body) as { beats: Beat[]; warnings?: { intent?: string }[] };
    return {
      site,
      which,
      hint,
      beats: doc.beats,
      unmet: (doc.warnings ?? []).flatMap((w) => (w.intent ? [w.intent] : [])),
      places: placesFound(doc.beats, hint.places),
    };
  } finally {
    await served.close();
  }
}

export const corpusPlan: Suite = {
  name: "corpus-plan",
  title: "walkthrough planning on the site corpus (real templates; planning only, nothing rendered)",
  async run({ command, sites }): Promise<SuiteResult> {
    const h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1"] }, rateStore: "memory" });
    const results: Planned[] = [];
    try {
      const u = await h.user();
      for (const site of CORPUS)
        for (const which of ["named", "vague"] as const) {
          if (!selected(sites, site.id, which)) continue;
          const p = await plan(h, u.key, site, which);
          console.log(`${site.id} ${which}: ${p.beats.length} beats, unmet ${JSON.stringify(p.unmet)}`);
          results.push(p);
        }
    } finally {
      await h.close();
    }
    const missed: string[] = [];
    const rows = results.map((r) => {
      const named = r.which === "named";
      const found = r.places.found;
      const ordered = !named || r.places.ordered;
      if (named && !ordered) missed.push(`${r.site.id}: named places planned in order (${found}/3 found)`);
      if (r.unmet.length > 0) missed.push(`${r.site.id} ${r.which}: ${r.unmet.length} hint step(s) unmet`);
      const { views } = distinctViews(r.beats);
      return [
        r.site.id,
        r.which,
        named ? `${found}/3${ordered ? ", in order" : ", not in order"}` : "—",
        r.unmet.length === 0 ? "none" : r.unmet.map((u) => `“${u}”`).join("; "),
        String(r.beats.length),
        String(views),
        r.unmet.length === 0 && ordered ? "PASS" : "MISS",
      ];
    });
    const markdown = [
      `## corpus-plan: ${corpusPlan.title}`,
      "",
      `Command: \`${command}\`. Machine: ${machine()}; load average ${load()} at the end.`,
      `Each corpus site (test/sites/README.md) is served from its own root and planned with POST /storyboards (its hint, targetSeconds ${TARGET_SECONDS}) on SQLite with real Chromium. "Places" counts the named hint's places (as the site labels them) that some beat shows, by its target's name, its title or its URL (else its narration), and whether the first beats showing them come in the hint's order; "unmet" lists the plan's warnings. Rendering, length, speech, loudness and the narration lint on the corpus: see the quality section. One run.`,
      "",
      table(["Site", "Hint", "Places", "Unmet steps", "Beats", "Distinct views", ""], rows),
      "",
    ].join("\n");
    return { markdown, missed };
  },
};
