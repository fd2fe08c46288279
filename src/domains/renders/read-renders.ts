import { ApiError } from "../../contract/errors.js";
import { pageOf, pageQuery } from "../../http/pagination.js";
import { artifactSigner, type StoredResult, toEnvelope } from "../../jobs/envelope.js";
import { listJobsOfKind } from "../../jobs/list.js";
import { findJob } from "../../jobs/store.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { DownloadSchema, RENDER_KIND, RENDER_KINDS, RenderEnvelope, RenderIdParams } from "./schemas.js";

/** Signed download links last an hour from the answer that carries them (as artifact URLs do). */
const DOWNLOAD_TTL_SECONDS = 3600;

export const getRenderOperation = defineOperation({
  id: "renders.get",
  summary: "Read a render",
  description:
    "The render's job envelope (kind walkthrough.render). Once succeeded, `result.artifacts` holds the `video` (MP4: H.264, AAC, faststart), a `poster` (JPEG), the `captions` (WebVTT) and a `quality_report` (JSON: beats planned and shown, speech coverage, longest silence, loudness, caption timing and shape, narration rate, render speed, beats captured before the page settled, each shown beat's start and end in the video, and each figure's target with pass/fail), each with bytes and sha256 and a signed URL valid for an hour; `result.durationSeconds` is the video's length and `cost.secondsCharged` what it cost. Another account's render is 404.",
  params: RenderIdParams,
  responses: { 200: RenderEnvelope },
  async handler({ actor, deps, params }) {
    const job = await findJob(deps.db.kysely, actor.accountId, params.id, RENDER_KINDS);
    if (!job) throw new ApiError("not_found");
    return ok(toEnvelope(job, artifactSigner(deps)));
  },
});

export const listRendersOperation = defineOperation({
  id: "renders.list",
  summary: "List renders",
  description:
    "The account's renders (job envelopes, kind walkthrough.render), newest first (id as tie-break), in every state.",
  query: pageQuery(),
  responses: { 200: pageOf(RenderEnvelope) },
  async handler({ actor, deps, query, now }) {
    return ok(await listJobsOfKind(deps, actor.accountId, RENDER_KIND, query, now));
  },
});

export const downloadRenderOperation = defineOperation({
  id: "renders.download",
  summary: "Get a render's video link",
  description:
    "A signed, expiring URL of the finished MP4 (fetch it without credentials before `expiresAt`). 409 not_ready while the render is queued or running, and for a render that failed or was cancelled (`details.state` says which); 410 gone once retention has deleted the files.",
  params: RenderIdParams,
  responses: { 200: DownloadSchema },
  errors: ["not_ready", "gone"],
  async handler({ actor, deps, params }) {
    const job = await findJob(deps.db.kysely, actor.accountId, params.id, RENDER_KINDS);
    if (!job) throw new ApiError("not_found");
    if (job.state !== "succeeded") throw new ApiError("not_ready", { state: job.state });
    if (job.artifacts_expired === 1) throw new ApiError("gone", { reason: "artifacts_expired" });
    const stored = job.result ? (JSON.parse(job.result) as StoredResult) : null;
    const video = stored?.artifacts.find((a) => a.type === "video");
    if (!stored || !video) throw new ApiError("gone", { reason: "no_video" });
    const link = deps.storage.signedUrl(video.key, DOWNLOAD_TTL_SECONDS);
    return ok({
      url: link.url,
      expiresAt: link.expiresAt,
      contentType: "video/mp4",
      bytes: video.bytes,
      sha256: video.sha256,
      durationSeconds: stored.durationSeconds,
    });
  },
});
