import { ApiError } from "../../../contract/errors.js";
import type { StoredResult } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import { ok } from "../../../operations/define.js";
import type { ExportInput } from "../../../pipelines/marketing/export/export-input.js";
import { defineOperation } from "../../services.js";
import { EXPORT_CONTENT_TYPES, EXPORT_KINDS, ExportDownloadSchema, ExportIdParams } from "./schemas.js";

/** Signed download links last an hour from the answer that carries them (as artifact URLs do). */
const DOWNLOAD_TTL_SECONDS = 3600;

export const downloadExportOperation = defineOperation({
  id: "marketing.downloadExport",
  summary: "Get an export's video link",
  description:
    "A signed, expiring URL of the finished video (fetch it without credentials before `expiresAt`), with its content type (video/mp4, video/webm or image/gif), bytes, sha256 and length. 409 not_finished while the export is queued or running, and for one that failed or was cancelled (`details.state` says which); 410 gone once retention has deleted the files. Unknown or another account's: 404 not_found.",
  params: ExportIdParams,
  responses: { 200: ExportDownloadSchema },
  errors: ["not_finished", "gone"],
  async handler({ actor, deps, params }) {
    const job = await findJob(deps.db.kysely, actor.accountId, params.id, EXPORT_KINDS);
    if (!job) throw new ApiError("not_found");
    if (job.state !== "succeeded") throw new ApiError("not_finished", { state: job.state });
    if (job.artifacts_expired === 1) throw new ApiError("gone", { reason: "artifacts_expired" });
    const stored = job.result ? (JSON.parse(job.result) as StoredResult) : null;
    const video = stored?.artifacts.find((a) => a.type === "video");
    if (!stored || !video) throw new ApiError("gone", { reason: "no_video" });
    const { format } = JSON.parse(job.input) as Pick<ExportInput, "format">;
    const link = deps.storage.signedUrl(video.key, DOWNLOAD_TTL_SECONDS);
    return ok({
      url: link.url,
      expiresAt: link.expiresAt,
      contentType: EXPORT_CONTENT_TYPES[format],
      bytes: video.bytes,
      sha256: video.sha256,
      durationSeconds: stored.durationSeconds,
    });
  },
});
