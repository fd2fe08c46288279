// The walkthrough render: a 60 s 1080p30 video of the fixture site (8 beats: navigate, clicks, hovers, a
// scroll and a typed field; cursor, zoom, classic captions, the default English voice), rendered through the
// real job (POST /storyboards/{id}/renders → walkthrough.render) on SQLite with real Chromium and ffmpeg.
//
// Targets (issue "Walkthroughs"): ≤ 30 s wall (2× faster than real time) and ≤ 2× the bare encode below,
// peak memory ≤ 1.5 GB for the whole process tree (node + Chromium + ffmpeg + the TTS engine), 0 frames
// dropped or duplicated against the plan, audio/video drift at the end ≤ 20 ms.
//
// Baselines in the same run: the video's own length (real time), and the bare encoder: ffmpeg's libx264
// (preset superfast, the renders' preset when the target was set) on 1800 raw 1080p frames of one
// detailed test picture. It is a fixed reference workload, not the render's own encoder settings: a
// cheaper encoder setting in the render must not make its yardstick cheaper too. It is encoded before
// each scored round and the best of those is the baseline.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { seedStoryboard } from "../../test/support/seed-storyboard.js";
import { startSite } from "../../test/support/site-server.js";
import { BenchError } from "../lib/load.js";
import { load, machine, table } from "../lib/report.js";
import type { Suite, SuiteResult } from "../lib/suite.js";
import { bareEncodeSeconds, frameGaps, withPeakMemory } from "../lib/video-measures.js";

const SECONDS = 60;
const FPS = 30;
const TARGET_WALL_S = 30;
const TARGET_PEAK_MB = 1536;
const TARGET_DRIFT_MS = 20;
/** Issue 11: the render's wall time at most twice a bare x264 encode measured in the same run. */
const TARGET_BARE_RATIO = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const NOTES = `How the figures were reached (same benchmark): capturing at 1.25× (the output's own scale) rather
than 1.5× saved ~3 s; dropping x264's B-frames took ffmpeg from 22 to 19 CPU-s. Decision 0021 then cut
the work around the encoder: stills are decoded, converted to YUV and fitted to the card by libvips
(sharp) on the thread pool instead of in JS; a held picture crosses the pipe once; the narration is
placed, normalised and AAC-encoded (fast coder) while the frames encode and muxed in last. Zoom and
scroll frames keep the JS bilinear resampler, which measured cheaper than libvips for them. Decision 0026
took the render from ~2.0× to ~1.8× the bare encode: libx264 spent ~4.4 ms on every 1080p frame that
only repeats the one before (8 of its 10.5 CPU-s here), so it now codes only the ~300 pictures sent and
the frames in between are written as skipped P pictures (a constant-rate file all the same); captions
are burned on the pictures as sent (libass ~3 CPU-s → ~0.5). Tried, measured and removed earlier: libass
drawing each caption look once with the compositor blending the sprites, and composing scene by scene
while Chromium still captured (both halves are CPU-bound on the same 2 cores). Only decoding the first
two scenes' stills while the capture goes on paid (media/compose/scene-stills.ts): the compositor had
waited ~1.4 s for them before drawing a frame; the quality benchmark's admin render went from 16.8–18.1 s
to 15.3–16.1 s; this one stayed within its noise (1.62–1.87× the bare encode over that day's runs).
What remains: Chromium's capture and festival (~7 s of wall before composing starts), the compositor's
resampling on node's main thread (~6 CPU-s), x264 on the sent pictures. Wall time on this shared machine varies by seconds between
runs; each round encodes its own bare baseline just before, and the best of each is compared.`;

/** Eight beats across three pages, each kind of motion, with lines long enough to fill a minute. */
function beats(base: string) {
  const b = (
    id: string,
    title: string,
    action: string,
    target: object | null,
    url: string,
    narration: string,
    value?: string,
  ) => ({
    id,
    title,
    action: action as "navigate",
    target: target as null,
    url,
    narration,
    estimatedSeconds: 7,
    ...(value ? { value } : {}),
  });
  return [
    b(
      "b1",
      "Welcome",
      "navigate",
      null,
      `${base}/`,
      "Welcome to Acme Analytics, product analytics your whole team understands, from the first event to the board meeting.",
    ),
    b(
      "b2",
      "How it works",
      "scroll",
      { role: "heading", name: "How it works" },
      `${base}/`,
      "Scroll down to see how it works: connect your app, pick your goals, and share the answers with everyone.",
    ),
    b(
      "b3",
      "Features",
      "click",
      { role: "link", name: "Features" },
      `${base}/features`,
      "Let's open Features. Live dashboards, funnels, retention and alerts are all part of every plan.",
    ),
    b(
      "b4",
      "Learn more",
      "hover",
      { role: "heading", name: "Live dashboards" },
      `${base}/features`,
      "Each card covers one part of the product, starting with live dashboards that refresh as events arrive.",
    ),
    b(
      "b5",
      "Pricing",
      "click",
      { role: "link", name: "Pricing" },
      `${base}/pricing`,
      "Pricing is simple. Start on the free plan, move to Growth when your team does, and talk to us for Enterprise.",
    ),
    b(
      "b6",
      "Growth",
      "hover",
      { role: "link", name: "Choose Growth" },
      `${base}/pricing`,
      "The Growth plan is the most popular choice, with unlimited dashboards and a friendly support team.",
    ),
    b(
      "b7",
      "Start free trial",
      "click",
      { role: "link", name: "Choose Growth" },
      `${base}/signup`,
      "When you are ready, choose a plan and start your free trial in a few seconds, no credit card needed.",
    ),
    b(
      "b8",
      "Work email",
      "type",
      { role: "textbox", name: "Work email" },
      `${base}/signup`,
      "Fill in your work email to get started, and your first dashboard is ready before your coffee is.",
      "jane@example.com",
    ),
  ];
}

interface Round {
  wallS: number;
  peakMb: number;
  stages: [string, number][];
  frames: number;
  planned: number;
  dropped: number;
  duplicated: number;
  driftMs: number;
  durationS: number;
}

async function renderOnce(h: Harness, siteUrl: string, dir: string, round: number): Promise<Round> {
  const { result, peakMb } = await withPeakMemory(() => renderMeasured(h, siteUrl, dir, round));
  return { ...result, peakMb };
}

async function renderMeasured(h: Harness, siteUrl: string, dir: string, round: number): Promise<Omit<Round, "peakMb">> {
  const u = await h.user();
  const storyboard = await seedStoryboard(h, u.id, {
    url: `${siteUrl}/`,
    beats: beats(siteUrl),
    options: { targetSeconds: SECONDS },
  });
  const stages: [string, number][] = [];
  const started = performance.now();
  const res = await h.request("POST", `/storyboards/${storyboard}/renders`, { token: u.key, idempotencyKey: idem() });
  if (res.status !== 202) throw new BenchError(`render create answered ${res.status}: ${JSON.stringify(res.body)}`);
  const id = res.body.resource.id as string;
  let state = "queued";
  while (state === "queued" || state === "running") {
    await new Promise((r) => setTimeout(r, 200));
    const row = await h.deps.db.kysely
      .selectFrom("jobs")
      .select(["state", "progress_stage"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    state = row.state;
    const stage = row.progress_stage;
    if (stage && stages.at(-1)?.[0] !== stage) stages.push([stage, (performance.now() - started) / 1000]);
  }
  const wallS = (performance.now() - started) / 1000;
  const job = (await h.request("GET", `/renders/${id}`, { token: u.key })).body;
  if (job.state !== "succeeded") throw new BenchError(`render ${job.state}: ${JSON.stringify(job.error)}`);
  const dl = (await h.request("GET", `/renders/${id}/download`, { token: u.key })).body;
  const file = join(dir, `render-${round}.mp4`);
  const got = await h.app.inject({ method: "GET", url: dl.url.replace(h.deps.config.publicUrl, "") });
  await writeFile(file, got.rawPayload);
  const info = await probe(file);
  const gaps = await frameGaps(file, FPS);
  const v = info.video?.durationSeconds ?? 0;
  const a = info.audio?.durationSeconds ?? 0;
  if (info.video?.width !== 1920 || info.video?.height !== 1080) throw new BenchError("the render is not 1920×1080");
  return {
    wallS,
    stages,
    frames: gaps.frames,
    planned: Math.round(job.result.durationSeconds * FPS),
    dropped: gaps.dropped + Math.max(0, SECONDS * FPS - gaps.frames),
    duplicated: gaps.duplicated + Math.max(0, gaps.frames - SECONDS * FPS),
    driftMs: Math.abs(v - a) * 1000,
    durationS: job.result.durationSeconds,
  };
}

export const render: Suite = {
  name: "render",
  title: "a 60 s 1080p30 walkthrough of the fixture site, through the render job",
  async run({ command }): Promise<SuiteResult> {
    const dir = await mkdtemp(join(tmpdir(), "cw-bench-render-"));
    const site = await startSite();
    const h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1"] }, rateStore: "memory" });
    try {
      // A first render warms Chromium's launch and the disk cache; it is reported but not scored.
      const warm = await renderOnce(h, site.url, dir, 0);
      console.log(`warm-up render: ${warm.wallS.toFixed(1)} s`);
      // Each round encodes the bare baseline right before its render, so a busy spell on the shared
      // machine slows both; the best of each is scored.
      const rounds: Round[] = [];
      const bares: number[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        bares.push(await bareEncodeSeconds(dir, { width: 1920, height: 1080, frames: SECONDS * FPS, fps: FPS }));
        const round = await renderOnce(h, site.url, dir, r);
        console.log(
          `round ${r}: bare ${bares.at(-1)?.toFixed(1)} s, render ${round.wallS.toFixed(1)} s, peak ${round.peakMb.toFixed(0)} MB`,
        );
        rounds.push(round);
      }
      const bareS = Math.min(...bares);
      const best = rounds.reduce((a, b) => (b.wallS < a.wallS ? b : a));
      const worstPeak = Math.max(...rounds.map((r) => r.peakMb), warm.peakMb);
      const dropped = Math.max(...rounds.map((r) => r.dropped));
      const duplicated = Math.max(...rounds.map((r) => r.duplicated));
      const drift = Math.max(...rounds.map((r) => r.driftMs));
      const missed: string[] = [];
      const bareRatio = best.wallS / bareS;
      if (best.wallS > TARGET_WALL_S) missed.push(`wall ${best.wallS.toFixed(1)} s > ${TARGET_WALL_S} s`);
      if (bareRatio > TARGET_BARE_RATIO)
        missed.push(`wall ${bareRatio.toFixed(2)}× the bare encode > ${TARGET_BARE_RATIO}×`);
      if (worstPeak > TARGET_PEAK_MB) missed.push(`peak ${worstPeak.toFixed(0)} MB > ${TARGET_PEAK_MB} MB`);
      if (dropped > 0 || duplicated > 0) missed.push(`${dropped} dropped / ${duplicated} duplicated frames`);
      if (drift > TARGET_DRIFT_MS) missed.push(`drift ${drift.toFixed(1)} ms > ${TARGET_DRIFT_MS} ms`);
      const verdict = (ok: boolean) => (ok ? "PASS" : "MISSED");
      const stageRows = best.stages.map(([stage, at], i) => [
        stage,
        `${at.toFixed(1)} s`,
        `${((best.stages[i + 1]?.[1] ?? best.wallS) - at).toFixed(1)} s`,
      ]);
      const markdown = [
        `## render: ${render.title}`,
        "",
        `Command: \`${command}\`. Machine: ${machine()}; load average ${load()} at the end.`,
        `Eight beats (navigate, scroll, 3 clicks, 2 hovers, a typed field) on the fixture site, targetSeconds ${SECONDS}, landscape 1920×1080, desktop capture, classic captions, narration in the default English voice (festival's HTS voice); ${ROUNDS} scored rounds after a warm-up, each after a bare encode; best wall time reported, worst of the rest.`,
        "",
        table(
          ["Figure", "Measured", "Target", ""],
          [
            [
              "Wall time, create → succeeded",
              `${best.wallS.toFixed(1)} s`,
              `≤ ${TARGET_WALL_S} s`,
              verdict(best.wallS <= TARGET_WALL_S),
            ],
            [
              "Speed vs real time (60 s video)",
              `${(SECONDS / best.wallS).toFixed(2)}×`,
              "≥ 2×",
              verdict(SECONDS / best.wallS >= 2),
            ],
            [
              "Wall vs a bare libx264 encode of 1800 1080p frames (best render / best bare)",
              `${bareRatio.toFixed(2)}× (bare ${bareS.toFixed(1)} s)`,
              `≤ ${TARGET_BARE_RATIO}×`,
              verdict(bareRatio <= TARGET_BARE_RATIO),
            ],
            [
              "All rounds: render / bare",
              rounds.map((r, i) => `${r.wallS.toFixed(1)} / ${bares[i]?.toFixed(1)} s`).join(", "),
              "",
              "",
            ],
            [
              "Peak memory, process tree",
              `${worstPeak.toFixed(0)} MB`,
              `≤ ${TARGET_PEAK_MB} MB`,
              verdict(worstPeak <= TARGET_PEAK_MB),
            ],
            ["Frames (planned / in the file)", `${best.planned} / ${best.frames}`, `${SECONDS * FPS}`, ""],
            [
              "Frames dropped / duplicated",
              `${dropped} / ${duplicated}`,
              "0 / 0",
              verdict(dropped === 0 && duplicated === 0),
            ],
            [
              "Audio/video drift at the end",
              `${drift.toFixed(1)} ms`,
              `≤ ${TARGET_DRIFT_MS} ms`,
              verdict(drift <= TARGET_DRIFT_MS),
            ],
            ["Warm-up render (browser launch included)", `${warm.wallS.toFixed(1)} s`, "", ""],
          ],
        ),
        "",
        "Where the best round's time went (stages as the job reports them):",
        "",
        table(["Stage", "Started at", "Took"], stageRows),
        "",
        NOTES,
      ].join("\n");
      return { markdown, missed };
    } finally {
      await h.close();
      await site.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
