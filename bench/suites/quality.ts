// Walkthrough quality: each fixture site (test/support/: the admin app behind its login, the one-page
// landing page) is planned from a hint and rendered through the real API path (POST /storyboards, then
// POST /storyboards/{id}/renders, on SQLite with real Chromium, ffmpeg and TTS), and the video is judged
// as a viewer would: did it show what was asked, is there speech most of the time, is it loud enough,
// can its captions be read.
//
// Targets (issue "Walkthroughs worth watching"): every intent of the hint planned, and the figures of the
// render's own quality report (src/media/quality/report.ts QUALITY_TARGETS: speech ≥ 70 %, longest silence
// ≤ 2 s, −16 ±1 LUFS, …). The figures come from the same code the render uses for its quality_report
// artifact, measured again here on the downloaded files, with the render time measured by the benchmark
// (the harness's clock is a fake one). The admin app's video also becomes docs/samples/.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { measureQuality, type QualityReport } from "../../src/media/quality/index.js";
import { parseIntents } from "../../src/pipelines/walkthrough/intents.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminSite } from "../../test/support/admin-site-server.js";
import { startLandingSite } from "../../test/support/landing-site-server.js";
import { BenchError } from "../lib/load.js";
import { checkRows, disagreements, type Row } from "../lib/quality-rows.js";
import { load, machine, table } from "../lib/report.js";
import { writeSamples } from "../lib/samples.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const TARGET_SECONDS = 45;

interface Fixture {
  name: string;
  hint: string;
  /** Written to docs/samples/ under this name. */
  sample?: string;
  body(siteUrl: string): Record<string, unknown>;
}

const FIXTURES: Fixture[] = [
  {
    name: "admin app",
    sample: "admin-walkthrough",
    hint: "show the dashboard overview, then the charts page, then the tables page and search for London",
    body: (url) => ({
      url: `${url}/`,
      credentials: { loginUrl: `${url}/login`, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    }),
  },
  {
    name: "landing page",
    hint: "show the features, then the pricing, then the FAQ",
    body: (url) => ({ url: `${url}/` }),
  },
];

interface Video {
  fixture: string;
  intents: number;
  unmet: string[];
  beats: number;
  durationS: number;
  lengthFit: unknown;
  planS: number;
  renderS: number;
  /** The benchmark's measurement of the downloaded files (render time: the benchmark's wall time). */
  report: QualityReport;
  /** The quality_report artifact the render stored. */
  stored: QualityReport;
  video: string;
}

type Artifact = { type: string; url: string };

async function fetchArtifact(h: Harness, url: string): Promise<Buffer> {
  const got = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
  if (got.statusCode !== 200) throw new BenchError(`artifact download answered ${got.statusCode}`);
  return got.rawPayload;
}

async function judge(h: Harness, fixture: Fixture, siteUrl: string, dir: string): Promise<Video> {
  const u = await h.user();
  const planStarted = performance.now();
  const created = await h.request("POST", "/storyboards", {
    token: u.key,
    idempotencyKey: idem(),
    body: { ...fixture.body(siteUrl), hint: fixture.hint, targetSeconds: TARGET_SECONDS },
  });
  if (created.status !== 202) throw new BenchError(`storyboard create answered ${created.status}`);
  await h.drain();
  const planS = (performance.now() - planStarted) / 1000;
  const sb = (await h.request("GET", `/storyboards/${created.body.id}`, { token: u.key })).body;
  if (sb.state !== "succeeded") throw new BenchError(`storyboard ${sb.state}: ${JSON.stringify(sb.error)}`);
  const planUrl = (sb.result.artifacts as Artifact[]).find((a) => a.type === "storyboard")?.url ?? "";
  const plan = JSON.parse((await fetchArtifact(h, planUrl)).toString("utf8")) as {
    beats: unknown[];
    warnings?: { intent: string }[];
  };

  const renderStarted = performance.now();
  const res = await h.request("POST", `/storyboards/${created.body.id}/renders`, {
    token: u.key,
    idempotencyKey: idem(),
  });
  if (res.status !== 202) throw new BenchError(`render create answered ${res.status}: ${JSON.stringify(res.body)}`);
  await h.drain();
  const renderS = (performance.now() - renderStarted) / 1000;
  const job = (await h.request("GET", `/renders/${res.body.resource.id}`, { token: u.key })).body;
  // Still queued after the drain: the run failed retryably and waits for its retry (the reason is in no answer).
  if (job.state === "queued") throw new BenchError("the render failed once and was queued for a retry");
  if (job.state !== "succeeded") throw new BenchError(`render ${job.state}: ${JSON.stringify(job.error)}`);
  const artifacts = job.result.artifacts as Artifact[];
  const slug = fixture.name.replace(/\W+/g, "-");
  const video = join(dir, `${slug}.mp4`);
  await writeFile(video, await fetchArtifact(h, artifacts.find((a) => a.type === "video")?.url ?? ""));
  const vtt = join(dir, `${slug}.vtt`);
  await writeFile(vtt, await fetchArtifact(h, artifacts.find((a) => a.type === "captions")?.url ?? ""));
  const storedUrl = artifacts.find((a) => a.type === "quality_report")?.url;
  if (!storedUrl) throw new BenchError("the render stored no quality_report");
  const stored = JSON.parse((await fetchArtifact(h, storedUrl)).toString("utf8")) as QualityReport;

  const durationS = (await probe(video)).video?.durationSeconds ?? job.result.durationSeconds;
  const report = await measureQuality(
    { video, captions: vtt },
    {
      videoSeconds: durationS,
      // What the files cannot say comes from the render's own report: beats, and the words the voice said.
      beats: stored.beats,
      unsettledBeats: stored.unsettledBeats,
      scenes: stored.scenes,
      spokenWords: stored.narration.wordsFrom === "speech" ? stored.narration.words : null,
      renderSeconds: renderS,
    },
  );
  const intents = parseIntents(fixture.hint);
  const warned = new Set((plan.warnings ?? []).map((w) => w.intent));
  return {
    fixture: fixture.name,
    intents: intents.length,
    unmet: intents.filter((i) => warned.has(i.text)).map((i) => i.text),
    beats: plan.beats.length,
    durationS,
    lengthFit: job.result.lengthFit,
    planS,
    renderS,
    report,
    stored,
    video,
  };
}

const verdict = (ok: boolean | null): string => (ok === null ? "" : ok ? "PASS" : "MISSED");

/** One row per figure: [label, measured, target, met (null: no target)]. */
function rows(v: Video): Row[] {
  const planned = v.intents - v.unmet.length;
  const r = v.report;
  return [
    [
      "Hint intents planned",
      `${planned} / ${v.intents}${v.unmet.length ? ` (unmet: ${v.unmet.map((t) => `"${t}"`).join(", ")})` : ""}`,
      "all",
      v.unmet.length === 0,
    ],
    ["Beats planned / shown", `${r.beats.planned} / ${r.beats.shown}`, "", null],
    ...checkRows(r, v.renderS),
  ];
}

export const quality: Suite = {
  name: "quality",
  title: "walkthrough quality on the fixture sites, planned from a hint and rendered through the API",
  async run({ command }): Promise<SuiteResult> {
    const dir = await mkdtemp(join(tmpdir(), "cw-bench-quality-"));
    const [admin, landing] = await Promise.all([startAdminSite(), startLandingSite()]);
    const h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1"] }, rateStore: "memory" });
    try {
      const videos: Video[] = [];
      const urls = [admin.url, landing.url];
      for (const [i, fixture] of FIXTURES.entries()) {
        const v = await judge(h, fixture, urls[i] as string, dir);
        console.log(
          `${v.fixture}: ${v.beats} beats, ${v.durationS.toFixed(1)} s, rendered in ${v.renderS.toFixed(1)} s`,
        );
        videos.push(v);
      }
      const missed: string[] = [];
      const sections: string[] = [];
      for (const v of videos) {
        const figures = rows(v);
        for (const [label, measured, target, ok] of figures)
          if (ok === false) missed.push(`${v.fixture}: ${label} ${measured} (target ${target})`);
        missed.push(...disagreements(v.report, v.stored).map((d) => `${v.fixture}: ${d}`));
        const fixture = FIXTURES.find((f) => f.name === v.fixture);
        if (fixture?.sample)
          await writeSamples(
            v.video,
            v.report,
            fixture.sample,
            `The ${v.fixture} fixture planned from the hint "${fixture.hint}" (targetSeconds ${TARGET_SECONDS}), rendered with default options by \`${command}\``,
          );
        sections.push(
          [
            `### ${v.fixture}`,
            "",
            `Hint: "${fixture?.hint}". ${v.beats} beats planned in ${v.planS.toFixed(1)} s; video ${v.durationS.toFixed(1)} s` +
              `${v.lengthFit ? ` (lengthFit ${JSON.stringify(v.lengthFit)})` : ""}.`,
            "",
            table(
              ["Figure", "Measured", "Target", ""],
              figures.map(([label, measured, target, ok]) => [label, measured, target, verdict(ok)]),
            ),
          ].join("\n"),
        );
      }
      const markdown = [
        `## quality: ${quality.title}`,
        "",
        `Command: \`${command}\`. Machine: ${machine()}; load average ${load()} at the end.`,
        `Each fixture site (test/support/admin-site-server.ts behind its login, test/support/landing-site-server.ts) is planned with POST /storyboards (hint, targetSeconds ${TARGET_SECONDS}) and rendered with POST /storyboards/{id}/renders (default options) on SQLite with real Chromium, ffmpeg and TTS; the MP4 and WebVTT are downloaded and measured. The figures are the render's quality report (src/media/quality/, stored with every render as its \`quality_report\` artifact), computed again on the downloaded files: speech from ffmpeg silencedetect at −35 dB, 0.3 s minimum (everything not silent counts as speech), loudness and true peak from ebur128 with peak=true in the same decode; captions from the WebVTT cues (characters a second over a cue's lines joined by a space); narration rate: words spoken (numbers read out, as the voice says them) ÷ minutes of speaking (pauses under 0.7 s between speech count as speaking); render speed: video length ÷ the benchmark's wall time from the render request to its end. A stored report that disagrees with this measurement is listed as a miss. The admin app's video is written to docs/samples/. One run, no warm-up.`,
        "",
        ...sections.flatMap((s) => [s, ""]),
      ].join("\n");
      return { markdown, missed };
    } finally {
      await h.close();
      await Promise.all([admin.close(), landing.close()]);
      // BENCH_KEEP=1 keeps the videos and captions to look at.
      if (process.env.BENCH_KEEP) console.log(`videos and captions kept in ${dir}`);
      else await rm(dir, { recursive: true, force: true });
    }
  },
};
