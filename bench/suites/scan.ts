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

import type { SourceManifest } from "../../src/pipelines/marketing/scan/index.js";
import { SCAN_CAPTURE } from "../../src/pipelines/marketing/scan/scan-job.js";
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
page (~0.1 s a page on this local fixture). The scan, per page: domcontentloaded through the fence (every
request passes Playwright's route handler in Node and the egress proxy: five fenced loads measured
~1.2–1.4× five plain ones), then network quiet for 100 ms (page-visit.ts QUIET_WINDOW_MS; it was 300 ms,
which cost ~0.2–0.25 s a page; the SPA fixture still yields its late content), a lazy-load scroll, the
DOM's serialisation and, the largest step, the screenshots: the hero at 1.5× (2160×1350), up to three
sections at 1.5× drawn beyond the viewport and, on the start page, the page at 1× up to 8,000 CSS px,
each drawn again by Chromium's software rasteriser (neither the JPEG quality nor optimizeForSpeed, which
only speeds up PNG, changes that). Measured in this session and not kept yet: opening the chosen pages
four at once as soon as the start page's links are read, a one-pass lazy sweep skipped on pages with no
lazy hints, and one CDP session per page for its shots took the scan to ~4.8 s (7.3× on a loaded
machine), but review found the sweep running in the page's own world, unbounded by the deadline, and an
image budget that held up to 24 images a page in memory; they wait for a version that keeps those
guarantees. The step table alone adds up to ~4.5–5 s of work for five pages against ~0.5 s of bare loads
on 2 cores, so 3× is out of reach without shooting less (fewer or shorter sections, a shorter tall page),
which would cost the marketing videos their material.`;

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
