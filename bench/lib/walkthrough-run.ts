// One walkthrough through the real API path, as a user gets it: POST /storyboards (a hint and a length),
// then POST /storyboards/{id}/renders with the default options; the storyboard, MP4, WebVTT and stored
// quality report are downloaded, and the video is measured again with the render's own quality code.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { measureQuality, type QualityReport } from "../../src/media/quality/index.js";
import type { Beat } from "../../src/pipelines/walkthrough/beats.js";
import { type Harness, idem } from "../../src/testutil/harness.js";
import { BenchError } from "./load.js";

export interface Walkthrough {
  beats: Beat[];
  /** The hint steps the plan could not meet (its warnings). */
  unmet: string[];
  planS: number;
  renderS: number;
  durationS: number;
  lengthFit: unknown;
  /** The benchmark's measurement of the downloaded files (render time: the benchmark's wall time). */
  report: QualityReport;
  /** The quality_report artifact the render stored. */
  stored: QualityReport;
  video: string;
  captions: string;
}

type Artifact = { type: string; url: string };

async function fetchArtifact(h: Harness, url: string): Promise<Buffer> {
  const got = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
  if (got.statusCode !== 200) throw new BenchError(`artifact download answered ${got.statusCode}`);
  return got.rawPayload;
}

const artifactUrl = (artifacts: Artifact[], type: string): string => {
  const url = artifacts.find((a) => a.type === type)?.url;
  if (!url) throw new BenchError(`no ${type} artifact`);
  return url;
};

/** Plans and renders `body` (url, hint, credentials…) as `key`; files land in `dir` under `slug`. */
export async function planAndRender(
  h: Harness,
  key: string,
  body: Record<string, unknown>,
  slug: string,
  dir: string,
): Promise<Walkthrough> {
  const planStarted = performance.now();
  const created = await h.request("POST", "/storyboards", { token: key, idempotencyKey: idem(), body });
  if (created.status !== 202) throw new BenchError(`storyboard create answered ${created.status}`);
  await h.drain();
  const planS = (performance.now() - planStarted) / 1000;
  const sb = (await h.request("GET", `/storyboards/${created.body.id}`, { token: key })).body;
  if (sb.state !== "succeeded") throw new BenchError(`storyboard ${sb.state}: ${JSON.stringify(sb.error)}`);
  const plan = JSON.parse(
    (await fetchArtifact(h, artifactUrl(sb.result.artifacts, "storyboard"))).toString("utf8"),
  ) as { beats: Beat[]; warnings?: { intent?: string }[] };

  const renderStarted = performance.now();
  const res = await h.request("POST", `/storyboards/${created.body.id}/renders`, {
    token: key,
    idempotencyKey: idem(),
  });
  if (res.status !== 202) throw new BenchError(`render create answered ${res.status}: ${JSON.stringify(res.body)}`);
  await h.drain();
  const renderS = (performance.now() - renderStarted) / 1000;
  const job = (await h.request("GET", `/renders/${res.body.resource.id}`, { token: key })).body;
  // Still queued after the drain: the run failed retryably and waits for its retry (the reason is in no answer).
  if (job.state === "queued") throw new BenchError("the render failed once and was queued for a retry");
  if (job.state !== "succeeded") throw new BenchError(`render ${job.state}: ${JSON.stringify(job.error)}`);
  const artifacts = job.result.artifacts as Artifact[];
  const video = join(dir, `${slug}.mp4`);
  await writeFile(video, await fetchArtifact(h, artifactUrl(artifacts, "video")));
  const captions = join(dir, `${slug}.vtt`);
  await writeFile(captions, await fetchArtifact(h, artifactUrl(artifacts, "captions")));
  const stored = JSON.parse(
    (await fetchArtifact(h, artifactUrl(artifacts, "quality_report"))).toString("utf8"),
  ) as QualityReport;

  const durationS = (await probe(video)).video?.durationSeconds ?? job.result.durationSeconds;
  const report = await measureQuality(
    { video, captions },
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
  return {
    beats: plan.beats,
    unmet: (plan.warnings ?? []).flatMap((w) => (w.intent ? [w.intent] : [])),
    planS,
    renderS,
    durationS,
    lengthFit: job.result.lengthFit,
    report,
    stored,
    video,
    captions,
  };
}
