// The marketing scanner: the fixture SaaS site (test/support/marketing-sites.ts, "Tidewell": the start page
// and 4 more) scanned into a source through the real API path (POST /marketing/sources → the
// marketing.source_scan job, fenced Chromium behind the egress proxy, on SQLite), polled to its end.
//
// Target (issue 12): the scan's wall time ≤ 3× a bare Chromium load of the same pages, and ≤ 15 s.
//
// Baseline in the same run: the pages the scan visited (its manifest's `pages`), loaded one after another
// in a plain session of the same Chromium (no proxy, no extractors), `waitUntil: "load"`, same 1440×900
// viewport, a fresh context per round as each scan has. Scan and bare rounds alternate after a warm-up
// of each, so the machine's load swings hit both; the best round of each is scored.

import { SCAN_CAPTURE } from "../../src/pipelines/marketing/scan/scan-job.js";
import type { SourceManifest } from "../../src/pipelines/marketing/source/manifest.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { startMarketingSite } from "../../test/support/marketing-sites.js";
import { BenchError } from "../lib/load.js";
import { load, machine, table } from "../lib/report.js";
import { profileScanSteps, profileTable } from "../lib/scan-profile.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const EXTRA_PAGES = 4;
const TARGET_RATIO = 3;
const TARGET_WALL_S = 15;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const POLL_MS = 50;
const NOTES = `Where the time goes (read with the tables above; the machine is 2 cores shared with other agents, so
compare the ratio, not the seconds, and expect ±20 % between runs): the bare baseline only loads each
page (~0.08–0.1 s a page on this loopback fixture). The scan, per page: domcontentloaded through the fence
(every request passes Playwright's route handler in Node and the egress proxy: five fenced loads measured
~1.2–1.4× five plain ones), network quiet for 100 ms (page-visit.ts QUIET_WINDOW_MS), a lazy-load scroll
that waits only where the step set requests going, the DOM's serialisation and, the largest step, the
screenshots: the hero at 1.5× (2160×1350), up to three sections at 1.5× drawn beyond the viewport and,
on the start page, the page at 1× up to 8,000 CSS px, each drawn again by Chromium's software rasteriser.
The step table alone is ~3.9–4.6 s of work for five pages against ~0.4–0.5 s of bare loads: spread
perfectly over both cores it would still be ~4–5× the baseline, so 3× is below the floor of the work the
source must hold (the brief's section shots and a tall page to scroll) on this machine. Measured and not
kept: opening the chosen pages four at once instead of two (3.54 → 3.34 s, within the noise, twice the
pages in memory); a session at device scale 1.5 (it looked 24 % faster only because the capture then
shot at 1×, a bug since fixed); one tall 1.5× shot (0.32 s) cut into the others by libvips (0.44 s),
against 0.5 s for the shots it would replace. The second figure (every answer 60 ms to first byte, both sides alike)
shows how much of the ratio is the loopback fixture's instant answers: ~4.9× there.`;

interface ScanRound {
  wallS: number;
  stages: [string, number][];
  manifest: SourceManifest;
  manifestBytes: number;
  artifacts: Record<string, number>;
}

interface BareRound {
  wallS: number;
  perPageMs: number[];
}

async function scanOnce(h: Harness, siteUrl: string): Promise<ScanRound> {
  // A user per round: the per-account daily cap on scans of one origin stays out of the way.
  const u = await h.user();
  const stages: [string, number][] = [];
  const started = performance.now();
  const res = await h.request("POST", "/marketing/sources", {
    token: u.key,
    idempotencyKey: idem(),
    body: { url: `${siteUrl}/` },
  });
  if (res.status !== 202) throw new BenchError(`source create answered ${res.status}: ${JSON.stringify(res.body)}`);
  const id = res.body.id as string;
  let state = "queued";
  while (state === "queued" || state === "running") {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const row = await h.deps.db.kysely
      .selectFrom("jobs")
      .select(["state", "progress_stage"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    state = row.state;
    if (state !== "queued" && state !== "running") break;
    const stage = row.progress_stage ?? (state === "running" ? "(running, no stage yet)" : "queued");
    if (stages.at(-1)?.[0] !== stage) stages.push([stage, (performance.now() - started) / 1000]);
  }
  const wallS = (performance.now() - started) / 1000;
  const job = (await h.request("GET", `/marketing/sources/${id}`, { token: u.key })).body;
  if (job.state !== "succeeded") throw new BenchError(`scan ${job.state}: ${JSON.stringify(job.error)}`);
  const artifacts: Record<string, number> = {};
  for (const a of job.result.artifacts as { type: string }[]) artifacts[a.type] = (artifacts[a.type] ?? 0) + 1;
  const source = (job.result.artifacts as { type: string; url: string }[]).find((a) => a.type === "source");
  if (!source) throw new BenchError("the scan returned no source artifact");
  const got = await h.app.inject({ method: "GET", url: source.url.replace(h.deps.config.publicUrl, "") });
  if (got.statusCode !== 200) throw new BenchError(`manifest download answered ${got.statusCode}`);
  return { wallS, stages, manifest: JSON.parse(got.body), manifestBytes: got.rawPayload.length, artifacts };
}

async function bareOnce(h: Harness, urls: string[]): Promise<BareRound> {
  const session = await h.deps.walkthrough.browser.newSession(SCAN_CAPTURE);
  try {
    const perPageMs: number[] = [];
    const started = performance.now();
    for (const url of urls) {
      const t0 = performance.now();
      const res = await session.page.goto(url, { waitUntil: "load" });
      if (!res?.ok()) throw new BenchError(`bare load of ${url} answered ${res?.status()}`);
      perPageMs.push(performance.now() - t0);
    }
    return { wallS: (performance.now() - started) / 1000, perPageMs };
  } finally {
    await session.close();
  }
}

const best = <T extends { wallS: number }>(xs: T[]): T => xs.reduce((a, b) => (b.wallS < a.wallS ? b : a));

/**
 * The same comparison against a copy of the site whose every answer waits DELAYED_MS first, as a real
 * server's time to first byte does: both sides wait alike, so this says how much of the gap is the
 * loopback fixture's instant answers. Reported beside the target's figure, never instead of it.
 */
const DELAYED_MS = 60;
const DELAYED_ROUNDS = 2;

async function delayedRounds(h: Harness): Promise<{ scan: ScanRound; bare: BareRound }> {
  const slow = await startMarketingSite("saas", { responseDelayMs: DELAYED_MS });
  try {
    const warm = await scanOnce(h, slow.url);
    const urls = warm.manifest.pages.map((p) => p.url);
    await bareOnce(h, urls);
    const scans: ScanRound[] = [];
    const bares: BareRound[] = [];
    for (let r = 1; r <= DELAYED_ROUNDS; r++) {
      scans.push(await scanOnce(h, slow.url));
      bares.push(await bareOnce(h, urls));
    }
    return { scan: best(scans), bare: best(bares) };
  } finally {
    await slow.close();
  }
}
const s = (n: number) => `${n.toFixed(2)} s`;
const msText = (n: number) => `${Math.round(n)} ms`;

export const scan: Suite = {
  name: "scan",
  title: "scanning the fixture SaaS site (start page + 4 pages) into a source, vs bare page loads",
  async run({ command }): Promise<SuiteResult> {
    const loadBefore = load();
    const site = await startMarketingSite("saas");
    const h = await Harness.start({
      config: {
        allowPrivateHosts: ["127.0.0.1"],
        scan: { extraPages: EXTRA_PAGES, pageTimeoutMs: 15_000, scanTimeoutMs: 90_000 },
      },
      rateStore: "memory",
    });
    try {
      // Warm-ups: Chromium's launch, the fixture server's file cache, the JIT of the extractors.
      const warmScan = await scanOnce(h, site.url);
      const urls = warmScan.manifest.pages.map((p) => p.url);
      const warmBare = await bareOnce(h, urls);
      console.log(`warm-up: scan ${s(warmScan.wallS)}, bare ${s(warmBare.wallS)} (${urls.length} pages)`);
      const scans: ScanRound[] = [];
      const bares: BareRound[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        scans.push(await scanOnce(h, site.url));
        bares.push(await bareOnce(h, urls));
        console.log(`round ${r}: scan ${s(scans.at(-1)?.wallS ?? 0)}, bare ${s(bares.at(-1)?.wallS ?? 0)}`);
      }
      const scanBest = best(scans);
      const bareBest = best(bares);
      const ratio = scanBest.wallS / bareBest.wallS;
      const delayed = await delayedRounds(h);
      console.log(`with ${DELAYED_MS} ms to first byte: scan ${s(delayed.scan.wallS)}, bare ${s(delayed.bare.wallS)}`);
      const steps = await profileScanSteps(
        {
          browser: h.deps.walkthrough.browser,
          storage: h.deps.storage,
          clock: h.deps.clock,
          guard: { config: h.deps.config, resolver: h.deps.resolver },
          ffmpeg: h.deps.config.ffmpegBinaries,
          fonts: h.deps.fonts,
          settings: h.deps.config.scan,
        },
        urls,
      );
      const m = scanBest.manifest;
      const paths = m.pages.map((p) => new URL(p.url).pathname);
      const profile = profileTable(steps, paths);
      const loadAfter = load();
      const missed: string[] = [];
      if (ratio > TARGET_RATIO) missed.push(`scan/bare ${ratio.toFixed(2)}× > ${TARGET_RATIO}×`);
      if (scanBest.wallS > TARGET_WALL_S) missed.push(`scan wall ${s(scanBest.wallS)} > ${TARGET_WALL_S} s`);
      const verdict = (ok: boolean) => (ok ? "PASS" : "MISSED");
      const screenshots = m.assets.filter((a) => a.type === "screenshot").length;
      const stageRows = scanBest.stages.map(([stage, at], i) => [
        stage,
        s(at),
        s((scanBest.stages[i + 1]?.[1] ?? scanBest.wallS) - at),
      ]);
      const pageRows = m.pages.map((p, i) => [
        `${paths[i]} (${p.role})`,
        p.loadMs === null ? "–" : msText(p.loadMs),
        msText(bareBest.perPageMs[i] ?? 0),
        String(p.screenshots.length),
      ]);
      const markdown = [
        `## scan: ${scan.title}`,
        "",
        `Command: \`${command}\`. Machine: ${machine()}; load average ${loadBefore} at the start, ${loadAfter} at the end (the machine is shared: other agents' work runs beside the benchmark).`,
        `Path: the API (POST /marketing/sources {url} → marketing.source_scan on the embedded job runner, SQLite), polled every ${POLL_MS} ms; wall time is create → succeeded as the poller saw it. Settings: extraPages ${EXTRA_PAGES}, pageTimeoutMs 15000, scanTimeoutMs 90000. ${ROUNDS} scored rounds after a warm-up of each; best of each scored.`,
        "",
        table(
          ["Figure", "Measured", "Target", ""],
          [
            [
              "Scan wall time, create → succeeded (best)",
              s(scanBest.wallS),
              `≤ ${TARGET_WALL_S} s`,
              verdict(scanBest.wallS <= TARGET_WALL_S),
            ],
            [
              `Bare loads of the same ${urls.length} pages, one after another (best)`,
              s(bareBest.wallS),
              "(baseline)",
              "",
            ],
            ["Scan / bare loads", `${ratio.toFixed(2)}×`, `≤ ${TARGET_RATIO}×`, verdict(ratio <= TARGET_RATIO)],
            ["All scan rounds", scans.map((r) => s(r.wallS)).join(", "), "", ""],
            ["All bare rounds", bares.map((r) => s(r.wallS)).join(", "), "", ""],
            [
              "Warm-up scan / bare (browser launch in the scan's)",
              `${s(warmScan.wallS)} / ${s(warmBare.wallS)}`,
              "",
              "",
            ],
            [
              `Not the target's figure: the same with every answer ${DELAYED_MS} ms to first byte (scan / bare, best of ${DELAYED_ROUNDS})`,
              `${s(delayed.scan.wallS)} / ${s(delayed.bare.wallS)} = ${(delayed.scan.wallS / delayed.bare.wallS).toFixed(2)}×`,
              "",
              "",
            ],
            ["Pages visited", `${m.pages.length} (${paths.join(", ")})`, `${EXTRA_PAGES + 1}`, ""],
            ["Manifest size", `${scanBest.manifestBytes.toLocaleString("en-US")} bytes`, "", ""],
            ["Screenshots / assets in the manifest", `${screenshots} / ${m.assets.length}`, "", ""],
            [
              "Artifacts by type",
              Object.entries(scanBest.artifacts)
                .map(([k, v]) => `${k} ${v}`)
                .join(", "),
              "",
              "",
            ],
            ["Warnings in the manifest", m.warnings.map((w) => w.code).join(", ") || "none", "", ""],
          ],
        ),
        "",
        "Stages of the best scan as the job reports them (progress_stage, as the poller saw it). The job reports `pages` only once the start page is read and its links chosen, so `opening` holds the session, the start page and its links; the Node-side extraction is synchronous and blocks the poller (same process), so its time shows under the stage before it:",
        "",
        table(["Stage", "Seen at", "Took"], stageRows),
        "",
        "Per page: the scan's own load time (manifest `loadMs`: goto to domcontentloaded, then up to 2 s of settling) beside the bare load of the best bare round:",
        "",
        table(["Page", "Scan loadMs", "Bare load", "Screenshots"], pageRows),
        "",
        "Where a page's time goes: the scanner's steps run one page at a time in a fenced session of their own after the scored rounds, each timed from the benchmark (bench/lib/scan-profile.ts; the scan itself reads two pages at once, so these sum to its work, not its wall time):",
        "",
        table(profile.head, profile.rows),
        ...(profile.errors.length
          ? [
              "",
              "Steps that threw (✗; the scan logs such a step and carries on without its part):",
              "",
              ...profile.errors.map((e) => `- ${e}`),
            ]
          : []),
        "",
        NOTES,
      ].join("\n");
      return { markdown, missed };
    } finally {
      await h.close();
      await site.close();
    }
  },
};
