// Walkthrough quality: each fixture site (test/support/: the admin app behind its login, the one-page
// landing page) is planned from a hint and rendered through the real API path (POST /storyboards, then
// POST /storyboards/{id}/renders, on SQLite with real Chromium, ffmpeg and TTS), and the video is judged
// as a viewer would: did it show what was asked, is there speech most of the time, is it loud enough,
// can its captions be read.
//
// Targets (issue "Walkthroughs worth watching"): every intent of the hint planned; speech ≥ 70 % of the
// video; longest silence ≤ 2 s; integrated loudness −16 ±1 LUFS; true peak ≤ −1 dBTP; no caption cue
// under 1 s; ≤ 17 characters a second, ≤ 42 characters a line, ≤ 2 lines a cue; narration 140–160 words
// a minute; the render ≥ 2× faster than real time.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { parseIntents } from "../../src/pipelines/walkthrough/intents.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminSite } from "../../test/support/admin-site-server.js";
import { startLandingSite } from "../../test/support/landing-site-server.js";
import { type AudioFigures, audioFigures } from "../lib/audio-figures.js";
import { type CaptionFigures, captionFigures, parseVtt } from "../lib/caption-figures.js";
import { BenchError } from "../lib/load.js";
import { load, machine, pct, table } from "../lib/report.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const TARGET_SECONDS = 45;
const T = {
  speech: 0.7,
  silenceS: 2,
  lufs: -16,
  lufsTolerance: 1,
  truePeak: -1,
  cps: 17,
  lineChars: 42,
  lines: 2,
  wpmLow: 140,
  wpmHigh: 160,
  speed: 2,
};

interface Fixture {
  name: string;
  hint: string;
  body(siteUrl: string): Record<string, unknown>;
}

const FIXTURES: Fixture[] = [
  {
    name: "admin app",
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
  audio: AudioFigures;
  captions: CaptionFigures;
  wpm: number;
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
  if (job.state !== "succeeded") throw new BenchError(`render ${job.state}: ${JSON.stringify(job.error)}`);
  const artifacts = job.result.artifacts as Artifact[];
  const slug = fixture.name.replace(/\W+/g, "-");
  const video = join(dir, `${slug}.mp4`);
  await writeFile(video, await fetchArtifact(h, artifacts.find((a) => a.type === "video")?.url ?? ""));
  const vtt = (await fetchArtifact(h, artifacts.find((a) => a.type === "captions")?.url ?? "")).toString("utf8");
  await writeFile(join(dir, `${slug}.vtt`), vtt);

  const durationS = (await probe(video)).video?.durationSeconds ?? job.result.durationSeconds;
  const audio = await audioFigures(video, durationS);
  const captions = captionFigures(parseVtt(vtt));
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
    audio,
    captions,
    wpm: audio.speechSeconds > 0 ? captions.words / (audio.speechSeconds / 60) : 0,
  };
}

const verdict = (ok: boolean): string => (ok ? "PASS" : "MISSED");

/** One row per figure: [label, measured, target, met]. */
function rows(v: Video): [string, string, string, boolean][] {
  const planned = v.intents - v.unmet.length;
  const a = v.audio;
  const c = v.captions;
  const speed = v.durationS / v.renderS;
  return [
    [
      "Hint intents planned",
      `${planned} / ${v.intents}${v.unmet.length ? ` (unmet: ${v.unmet.map((t) => `"${t}"`).join(", ")})` : ""}`,
      "all",
      v.unmet.length === 0,
    ],
    ["Speech coverage", pct(a.speechShare), `≥ ${pct(T.speech)}`, a.speechShare >= T.speech],
    [
      "Longest silence",
      `${a.longest.seconds.toFixed(1)} s (from ${a.longest.start.toFixed(1)} s)`,
      `≤ ${T.silenceS} s`,
      a.longest.seconds <= T.silenceS,
    ],
    [
      "Integrated loudness",
      `${a.integratedLufs.toFixed(1)} LUFS`,
      `${T.lufs} ±${T.lufsTolerance} LUFS`,
      Math.abs(a.integratedLufs - T.lufs) <= T.lufsTolerance,
    ],
    ["True peak", `${a.truePeakDbtp.toFixed(1)} dBTP`, `≤ ${T.truePeak} dBTP`, a.truePeakDbtp <= T.truePeak],
    ["Caption cues under 1 s", `${c.underOneSecond} of ${c.cues}`, "0", c.underOneSecond === 0],
    ["Caption reading speed (max)", `${c.maxCps.toFixed(1)} cps`, `≤ ${T.cps} cps`, c.maxCps <= T.cps],
    ["Longest caption line", `${c.maxLineChars} chars`, `≤ ${T.lineChars}`, c.maxLineChars <= T.lineChars],
    ["Lines per cue (max)", String(c.maxLines), `≤ ${T.lines}`, c.maxLines <= T.lines],
    [
      "Narration rate",
      `${v.wpm.toFixed(0)} wpm (${c.words} words / ${a.speechSeconds.toFixed(1)} s of speech)`,
      `${T.wpmLow}–${T.wpmHigh} wpm`,
      v.wpm >= T.wpmLow && v.wpm <= T.wpmHigh,
    ],
    [
      "Render speed vs real time",
      `${speed.toFixed(2)}× (${v.durationS.toFixed(1)} s video in ${v.renderS.toFixed(1)} s)`,
      `≥ ${T.speed}×`,
      speed >= T.speed,
    ],
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
          if (!ok) missed.push(`${v.fixture}: ${label} ${measured} (target ${target})`);
        const fixture = FIXTURES.find((f) => f.name === v.fixture);
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
        `Each fixture site (test/support/admin-site-server.ts behind its login, test/support/landing-site-server.ts) is planned with POST /storyboards (hint, targetSeconds ${TARGET_SECONDS}) and rendered with POST /storyboards/{id}/renders (default options) on SQLite with real Chromium, ffmpeg and TTS; the MP4 and WebVTT are downloaded and measured. Speech: ffmpeg silencedetect at −35 dB, 0.3 s minimum (everything not silent counts as speech); loudness and true peak: ffmpeg ebur128 with peak=true; captions: the WebVTT cues (characters a second over the cue's lines joined by a space); narration rate: caption words ÷ speech time; render speed: video length ÷ wall time from the render request to its end. One run, no warm-up.`,
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
