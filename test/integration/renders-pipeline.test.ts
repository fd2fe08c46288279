import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderJob } from "../../src/jobs/catalogue.js";
import { watermarkBox } from "../../src/media/captions/ass.js";
import { measureLoudness } from "../../src/media/ffmpeg/loudness.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import { measureAudio } from "../../src/media/quality/audio-figures.js";
import { estimateSeconds } from "../../src/pipelines/walkthrough/plan.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { holdable } from "../support/held-job.js";
import { type SeedBeat, seedStoryboard, siteBeats } from "../support/seed-storyboard.js";
import { type Site, startSite } from "../support/site-server.js";
import { within } from "../support/wait.js";

/**
 * Walkthroughs end to end on the fixture site with real Chromium, espeak-ng and ffmpeg: plan → edit
 * beats → render → download → ffprobe and pixels; seconds reserved, charged and released; events.
 */

const CONFIG = { allowPrivateHosts: ["127.0.0.1"] };
const FPS = 30;
/** The real render job; the cancel test holds one run at its start to cancel it while it is running. */
const renders = holdable(renderJob);

interface Envelope {
  id: string;
  state: string;
  result: { artifacts: { type: string; url: string; bytes: number; sha256: string }[]; durationSeconds: number } | null;
  cost: { secondsReserved: number; secondsCharged: number | null; watermark: boolean };
  error: { code: string } | null;
}
interface PlanBeat {
  id: string;
  action: string;
  narration: string;
}

let h: Harness;
let site: Site;
let dir: string;
type User = Awaited<ReturnType<Harness["user"]>>;

beforeAll(async () => {
  site = await startSite();
  h = await Harness.start({ config: CONFIG, rateStore: "memory", jobDefinitions: [renders.definition] });
  dir = await mkdtemp(join(tmpdir(), "cw-renders-"));
});
afterAll(async () => {
  await h.close();
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

const fetchFile = async (url: string): Promise<Buffer> => {
  const res = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const getRender = async (u: User, id: string, token = u.key) =>
  (await h.request("GET", `/renders/${id}`, { token })).body as Envelope;
const wallet = async (u: User) => (await h.request("GET", "/wallet", { token: u.key })).body;

/** One frame at `seconds` as raw RGB (w×h×3). */
async function frameAt(video: string, seconds: number, w: number, h: number): Promise<Buffer> {
  const out = join(dir, `f-${Math.random().toString(36).slice(2)}.rgb`);
  await runFfmpeg([
    "-v",
    "error",
    "-ss",
    seconds.toFixed(3),
    "-i",
    video,
    "-frames:v",
    "1",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-s",
    `${w}x${h}`,
    "-y",
    out,
  ]);
  const { readFile } = await import("node:fs/promises");
  const buf = await readFile(out);
  expect(buf.length).toBe(w * h * 3);
  return buf;
}

/** Seconds of silence (ffmpeg silencedetect alone, at the report's −35 dB / 0.3 s), a trailing one to the end. */
async function silentSeconds(video: string, duration: number): Promise<number> {
  const { stderr } = await runFfmpeg(
    ["-loglevel", "info", "-nostats", "-i", video, "-af", "silencedetect=noise=-35dB:d=0.3", "-f", "null", "-"],
    { stderrLimit: 1024 * 1024 },
  );
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Math.max(0, Number(m[1])));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.reduce((sum, start, i) => sum + (ends[i] ?? duration) - start, 0);
}

/** Mean absolute difference of two RGB frames inside a box (0–255). */
function meanDiff(
  a: Buffer,
  b: Buffer,
  width: number,
  box: { x: number; y: number; width: number; height: number },
): number {
  let sum = 0;
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs((a[i + c] as number) - (b[i + c] as number));
      n += 3;
    }
  }
  return sum / n;
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("walkthrough renders end to end", () => {
  let paid: User;
  let storyboardId: string;
  let beats: PlanBeat[];
  let paidVideo: string;
  let paidRender: Envelope;
  const NEW_LINE = "Every plan includes unlimited dashboards and a friendly support team.";

  beforeAll(async () => {
    paid = await h.user();
    const res = await h.request("POST", "/storyboards", {
      token: paid.key,
      idempotencyKey: idem(),
      body: { url: `${site.url}/`, targetSeconds: 30, hint: "pricing" },
    });
    expect(res.status).toBe(202);
    storyboardId = res.body.id;
    await h.drain();
    const sb = (await h.request("GET", `/storyboards/${storyboardId}`, { token: paid.key })).body;
    expect(sb.state).toBe("succeeded");
    const planUrl = sb.result.artifacts.find((a: { type: string }) => a.type === "storyboard").url;
    beats = JSON.parse((await fetchFile(planUrl)).toString("utf8")).beats;
    expect(beats.length).toBeGreaterThanOrEqual(4);
  });

  it("renders an edited storyboard: MP4 of at most the fixed length in whole frames, 1920×1080, audio, poster and captions", {
    timeout: 120_000,
  }, async () => {
    const hidden = beats[beats.length - 1] as PlanBeat;
    const edited = beats[1] as PlanBeat;
    const before = await wallet(paid);
    const res = await h.request("POST", `/storyboards/${storyboardId}/renders`, {
      token: paid.key,
      idempotencyKey: idem(),
      body: {
        beats: [
          { beatId: hidden.id, hidden: true },
          { beatId: edited.id, narration: NEW_LINE },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.body.resource.cost).toEqual({ secondsReserved: 30, secondsCharged: null, watermark: false });
    expect((await wallet(paid)).reservedSeconds).toBe(before.reservedSeconds + 30);
    await h.drain();

    paidRender = await getRender(paid, res.body.resource.id);
    expect(paidRender.error).toBeNull();
    expect(paidRender.state).toBe("succeeded");
    const result = paidRender.result as NonNullable<Envelope["result"]>;
    expect(result.artifacts.map((a) => a.type).sort()).toEqual(["captions", "poster", "quality_report", "video"]);
    for (const a of result.artifacts) {
      expect(a.bytes).toBeGreaterThan(0);
      expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    // The fixed length is a ceiling the holds stretch towards, never padding: the plan's short lines may
    // not fill 30 seconds, and then the video is shorter (docs/decisions/0020-no-dead-air.md).
    expect(result.durationSeconds).toBeLessThanOrEqual(30);

    const dl = await h.request("GET", `/renders/${paidRender.id}/download`, { token: paid.key });
    expect(dl.status).toBe(200);
    expect(dl.body).toMatchObject({ contentType: "video/mp4", durationSeconds: result.durationSeconds });
    const bytes = await fetchFile(dl.body.url);
    expect(bytes.length).toBe(dl.body.bytes);
    paidVideo = join(dir, "paid.mp4");
    await writeFile(paidVideo, bytes);

    const info = await probe(paidVideo, { countFrames: true });
    expect(info.video).toMatchObject({ codec: "h264", width: 1920, height: 1080, pixFmt: "yuv420p", frameRate: FPS });
    expect(info.video?.frames).toBe(Math.round(result.durationSeconds * FPS));
    expect(Math.abs((info.video?.durationSeconds ?? 0) - result.durationSeconds)).toBeLessThanOrEqual(1 / FPS);
    expect(info.audio).toMatchObject({ codec: "aac", sampleRate: 48_000 });
    expect(Math.abs((info.audio?.durationSeconds ?? 0) - result.durationSeconds)).toBeLessThanOrEqual(1 / FPS);
    // Narration at the web's loudness: -16 LUFS ±1 integrated, true peak ≤ -1 dBTP, as muxed (AAC).
    const loudness = await measureLoudness(paidVideo);
    expect(loudness.integrated).toBeGreaterThanOrEqual(-17);
    expect(loudness.integrated).toBeLessThanOrEqual(-15);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);

    // Captions: the edited line is there, the hidden beat's is not, cues in order inside the video.
    const vttUrl = result.artifacts.find((a) => a.type === "captions")?.url as string;
    const vtt = (await fetchFile(vttUrl)).toString("utf8");
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    expect(vtt.replace(/\s+/g, " ")).toContain("unlimited dashboards");
    expect(vtt).not.toContain(hidden.narration.slice(0, 20));
    const times = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map((m) => [
      Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000,
      Number(m[5]) * 3600 + Number(m[6]) * 60 + Number(m[7]) + Number(m[8]) / 1000,
    ]);
    expect(times.length).toBeGreaterThanOrEqual(3);
    for (const [i, [start, end]] of times.entries()) {
      expect(end as number).toBeGreaterThan(start as number);
      expect(end as number).toBeLessThanOrEqual(result.durationSeconds + 0.001);
      if (i > 0) expect(start as number).toBeGreaterThanOrEqual((times[i - 1] as number[])[0] as number);
    }

    // The quality report says what an independent measurement of the delivered files says.
    const reportUrl = result.artifacts.find((a) => a.type === "quality_report")?.url as string;
    const report = JSON.parse((await fetchFile(reportUrl)).toString("utf8"));
    expect(report.videoSeconds).toBeCloseTo(result.durationSeconds, 2);
    // One beat hidden; the length may drop more, and a beat that cannot be captured is not shown.
    expect(report.beats.planned).toBeLessThanOrEqual(beats.length - 1);
    expect(report.beats.shown).toBeGreaterThanOrEqual(1);
    expect(report.beats.shown).toBeLessThanOrEqual(report.beats.planned);
    expect(Array.isArray(report.unsettledBeats)).toBe(true);
    // Each shown beat's span, in plan order, back to back from 0 to the video's end (a still per beat
    // comes from the middle of its span); the hidden beat has none.
    const spans = report.scenes as { beatId: string; startSeconds: number; endSeconds: number }[];
    expect(spans.length).toBe(report.beats.shown);
    const planIndex = spans.map((s) => beats.findIndex((b) => b.id === s.beatId && b.id !== hidden.id));
    expect(planIndex.every((at, i) => at >= 0 && (i === 0 || at > (planIndex[i - 1] as number)))).toBe(true);
    expect(spans[0]?.startSeconds).toBe(0);
    for (const [i, span] of spans.entries()) {
      expect(span.endSeconds).toBeGreaterThan(span.startSeconds);
      if (i > 0) expect(span.startSeconds).toBe(spans[i - 1]?.endSeconds);
    }
    expect(spans.at(-1)?.endSeconds).toBeCloseTo(result.durationSeconds, 2);
    expect(Math.abs(report.loudness.integratedLufs - loudness.integrated)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(report.loudness.truePeakDbtp - loudness.truePeak)).toBeLessThanOrEqual(0.1);
    const silent = await silentSeconds(paidVideo, result.durationSeconds);
    expect(Math.abs(report.speech.coverage - (1 - silent / result.durationSeconds))).toBeLessThanOrEqual(0.005);
    expect(report.speech.speakingSeconds).toBeGreaterThanOrEqual(report.speech.seconds);
    expect(report.captions.cues).toBe(times.length);
    expect(report.captions.underOneSecond).toBe(times.filter(([s, e]) => (e as number) - (s as number) < 0.999).length);
    expect(report.narration.wordsPerMinute).toBeCloseTo(
      report.narration.words / (report.speech.speakingSeconds / 60),
      0,
    );
    // The harness's clock does not move while the job runs: no render speed is claimed.
    expect(report.render).toEqual({ wallSeconds: 0, speed: null });
    for (const check of report.checks) {
      const within =
        check.value === null
          ? null
          : (check.min === null || check.value >= check.min) && (check.max === null || check.value <= check.max);
      expect(check.pass, check.figure).toBe(within);
    }
    expect(report.checks.map((c: { figure: string }) => c.figure)).toContain("speechCoverage");
    expect(report.pass).toBe(report.checks.every((c: { pass: boolean | null }) => c.pass !== false));

    // Frames change between beats: the first beat's page and the last shown beat's page differ.
    const first = await frameAt(paidVideo, 1, 480, 270);
    const last = await frameAt(paidVideo, result.durationSeconds - 0.5, 480, 270);
    expect(meanDiff(first, last, 480, { x: 0, y: 0, width: 480, height: 270 })).toBeGreaterThan(3);
  });

  it("charges the real length and releases the rest; the ledger and the envelope agree; render.succeeded is emitted", async () => {
    const charged = Math.ceil((paidRender.result?.durationSeconds ?? 0) - 1e-9);
    expect(paidRender.cost).toEqual({ secondsReserved: 30, secondsCharged: charged, watermark: false });
    const w = await wallet(paid);
    expect(w.reservedSeconds).toBe(0);
    const ledger = (await h.request("GET", "/wallet/ledger?limit=10", { token: paid.key })).body.data as {
      type: string;
      jobId: string | null;
      deltas: { reservedSeconds: number; planSeconds: number };
    }[];
    const mine = ledger.filter((e) => e.jobId === paidRender.id);
    expect(mine.map((e) => e.type).sort()).toEqual(
      charged < 30 ? ["charge", "release", "reservation"] : ["charge", "reservation"],
    );
    const charge = mine.find((e) => e.type === "charge");
    expect(charge?.deltas).toMatchObject({ planSeconds: -charged, reservedSeconds: -charged });
    const events = await h.deps.db.kysely
      .selectFrom("webhook_events")
      .select(["type", "body"])
      .where("account_id", "=", paid.id)
      .execute();
    const succeeded = events.find((e) => e.type === "render.succeeded" && e.body.includes(paidRender.id));
    expect(succeeded).toBeDefined();
    expect(events.some((e) => e.type === "storyboard.succeeded")).toBe(true);
  });

  it("renders content too short for a fixed 60 seconds as a shorter video without dead air, charged its real length, the rest released", {
    timeout: 120_000,
  }, async () => {
    const u = await h.user();
    const base = site.url;
    const lines = [
      "Acme Analytics turns the numbers your team already collects into clear dashboards that everyone in the company can read.",
      "The features page lists what comes in every plan, from scheduled reports to shared dashboards and alerts.",
      "Pricing is simple: one plan for small teams and one for larger companies, both billed by the month.",
    ];
    const [home, features, pricing] = siteBeats(base);
    const seeded = [home, features, pricing].map((b, i) => ({
      ...(b as SeedBeat),
      narration: lines[i] as string,
      estimatedSeconds: estimateSeconds(lines[i] as string),
    }));
    const id = await seedStoryboard(h, u.id, { beats: seeded, url: `${base}/`, options: { targetSeconds: 60 } });
    const before = await wallet(u);
    const res = await h.request("POST", `/storyboards/${id}/renders`, { token: u.key, idempotencyKey: idem() });
    expect(res.status).toBe(202);
    // Told at request time: the site offers less than 60 seconds, and only the real length is charged.
    expect(res.body.lengthFit).toMatchObject({ adjusted: true, beatsDropped: 0, beatsKept: 3, targetSeconds: 60 });
    expect(res.body.lengthFit.note).toMatch(/about \d+ seconds long instead of 60; only its real length is charged/);
    expect(res.body.resource.cost).toEqual({ secondsReserved: 60, secondsCharged: null, watermark: false });
    await h.drain();

    const done = await getRender(u, res.body.resource.id);
    expect(done.error).toBeNull();
    expect(done.state).toBe("succeeded");
    const seconds = (done.result as NonNullable<Envelope["result"]>).durationSeconds;
    expect(seconds).toBeGreaterThan(10);
    expect(seconds).toBeLessThan(45);
    const charged = Math.ceil(seconds - 1e-9);
    expect(done.cost).toEqual({ secondsReserved: 60, secondsCharged: charged, watermark: false });
    const after = await wallet(u);
    expect(after.reservedSeconds).toBe(0);
    expect(after.planSeconds).toBe(before.planSeconds - charged);
    const ledger = (await h.request("GET", "/wallet/ledger?limit=10", { token: u.key })).body.data as {
      type: string;
      jobId: string | null;
      deltas: { reservedSeconds: number; planSeconds: number };
    }[];
    const mine = ledger.filter((e) => e.jobId === done.id);
    expect(mine.find((e) => e.type === "charge")?.deltas).toMatchObject({
      planSeconds: -charged,
      reservedSeconds: -charged,
    });
    expect(mine.find((e) => e.type === "release")?.deltas).toMatchObject({ reservedSeconds: -(60 - charged) });

    const file = join(dir, "short.mp4");
    const dl = await h.request("GET", `/renders/${done.id}/download`, { token: u.key });
    expect(dl.body.durationSeconds).toBe(seconds);
    await writeFile(file, await fetchFile(dl.body.url));
    const info = await probe(file, { countFrames: true });
    expect(info.video?.frames).toBe(Math.round(seconds * FPS));
    // No dead air: between lines and at the end the voice is silent for under two seconds.
    const audio = await measureAudio(file, seconds);
    expect(audio.longestSilence.seconds).toBeLessThanOrEqual(2);
  });

  it("marks the free tier's video (watermark pixels present only there) and charges nothing", {
    timeout: 120_000,
  }, async () => {
    const free = await h.user({ paid: false });
    const plan = beats.map((b) => ({ ...(b as PlanBeat & Record<string, unknown>) })) as never;
    const seeded = await seedStoryboard(h, free.id, {
      beats: plan,
      url: `${site.url}/`,
      options: { targetSeconds: 30 },
    });
    const edits = {
      beats: [
        { beatId: (beats[beats.length - 1] as PlanBeat).id, hidden: true },
        { beatId: (beats[1] as PlanBeat).id, narration: NEW_LINE },
      ],
    };
    const res = await h.request("POST", `/storyboards/${seeded}/renders`, {
      token: free.session,
      idempotencyKey: idem(),
      body: edits,
    });
    expect(res.status).toBe(202);
    expect(res.body.resource.cost).toEqual({ secondsReserved: 0, secondsCharged: null, watermark: true });
    await h.drain();
    const done = await getRender(free, res.body.resource.id, free.session);
    expect(done.state).toBe("succeeded");
    expect(done.cost).toEqual({ secondsReserved: 0, secondsCharged: 0, watermark: true });
    const video = join(dir, "free.mp4");
    const dl = await h.request("GET", `/renders/${done.id}/download`, { token: free.session });
    await writeFile(video, await fetchFile(dl.body.url));

    const W = 1920;
    const H = 1080;
    const at = 2;
    const marked = await frameAt(video, at, W, H);
    const clean = await frameAt(paidVideo, at, W, H);
    const box = watermarkBox({ width: W, height: H });
    // Same plan, same options: the frames match except where the free tier's mark is drawn.
    expect(meanDiff(marked, clean, W, box)).toBeGreaterThan(10);
    const centre = { x: W / 2 - 200, y: H / 2 - 150, width: 400, height: 300 };
    expect(meanDiff(marked, clean, W, centre)).toBeLessThan(4);
  });

  for (const [orientation, capture, w, hgt] of [
    ["portrait", "phone", 1080, 1920],
    ["square", "desktop", 1080, 1080],
  ] as const) {
    it(`plans and renders a URL in one job: ${orientation} ${w}×${hgt}, ${capture} capture`, {
      timeout: 120_000,
    }, async () => {
      const res = await h.request("POST", "/renders", {
        token: paid.key,
        idempotencyKey: idem(),
        body: { url: `${site.url}/`, orientation, capture, maxSeconds: 30, captionStyle: "bold", background: "ocean" },
      });
      expect(res.status).toBe(202);
      await h.drain();
      const done = await getRender(paid, res.body.resource.id);
      expect(done.error).toBeNull();
      expect(done.state).toBe("succeeded");
      const result = done.result as NonNullable<Envelope["result"]>;
      expect(result.durationSeconds).toBeLessThanOrEqual(30);
      expect(done.cost.secondsCharged).toBe(Math.ceil(result.durationSeconds - 1e-9));
      const file = join(dir, `${orientation}.mp4`);
      const dl = await h.request("GET", `/renders/${done.id}/download`, { token: paid.key });
      await writeFile(file, await fetchFile(dl.body.url));
      const info = await probe(file);
      expect([info.video?.width, info.video?.height]).toEqual([w, hgt]);
      expect(Math.abs((info.video?.durationSeconds ?? 0) - result.durationSeconds)).toBeLessThanOrEqual(1 / FPS);
      expect(info.audio?.codec).toBe("aac");
    });
  }

  it("fails a render whose one beat speaks longer than the length (options_invalid, nothing charged)", {
    timeout: 60_000,
  }, async () => {
    const id = await seedStoryboard(h, paid.id, { url: `${site.url}/`, options: { targetSeconds: 30 } });
    const long = "This sentence keeps the narrator talking for quite a while. ".repeat(30).trim();
    const res = await h.request("POST", `/storyboards/${id}/renders`, {
      token: paid.key,
      idempotencyKey: idem(),
      body: {
        beats: [
          { beatId: "b1", narration: long },
          ...["b2", "b3", "b4", "b5"].map((beatId) => ({ beatId, hidden: true })),
        ],
      },
    });
    expect(res.status).toBe(202);
    await h.drain();
    const done = await getRender(paid, res.body.resource.id);
    expect(done.state).toBe("failed");
    expect(done.error).toMatchObject({ code: "options_invalid", retryable: false });
    expect(done.cost.secondsCharged).toBe(0);
    expect((await wallet(paid)).reservedSeconds).toBe(0);
  });

  it("cancels a running render at its next step: cancelled, every held second released, render.cancelled emitted", {
    timeout: 60_000,
  }, async () => {
    const held = renders.holdNext();
    const res = await h.request("POST", `/storyboards/${storyboardId}/renders`, {
      token: paid.key,
      idempotencyKey: idem(),
    });
    expect(res.status).toBe(202);
    const id = res.body.resource.id as string;
    try {
      expect(await within(held.running, { what: "the render's run to be taken", timeoutMs: 30_000 })).toBe(id);
      const cancel = await h.request("POST", `/renders/${id}/cancel`, {
        token: paid.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect(cancel.status).toBe(200);
      // Running when asked: the cancel is recorded and the run stops at its first step boundary.
      expect(cancel.body).toMatchObject({ removedFromQueue: false, resource: { state: "running" } });
    } finally {
      held.release();
    }
    await h.drain();
    const done = await getRender(paid, id);
    expect(done.state).toBe("cancelled");
    expect(done.cost.secondsCharged).toBe(0);
    expect((await wallet(paid)).reservedSeconds).toBe(0);
    const events = await h.deps.db.kysely
      .selectFrom("webhook_events")
      .select(["type", "body"])
      .where("account_id", "=", paid.id)
      .execute();
    expect(events.some((e) => e.type === "render.cancelled" && e.body.includes(id))).toBe(true);
  });
});
