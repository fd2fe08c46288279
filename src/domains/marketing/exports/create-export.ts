import { ApiError } from "../../../contract/errors.js";
import { createJob } from "../../../jobs/create.js";
import { defineOperation } from "../../services.js";
import { ProjectIdParams } from "../projects/schemas.js";
import { exportAnswer, knownExport } from "./export-answer.js";
import { resolveExport } from "./resolve-export.js";
import { CreateExportBody, CreateExportResponse, EXPORT_KIND } from "./schemas.js";
import { exportInFlight, recordExport } from "./store.js";

export const createExportOperation = defineOperation({
  id: "marketing.createExport",
  summary: "Export a project's revision to video",
  description:
    "Renders a revision of the project (default: the latest) to a video file: a marketing.export job (202, Location; 200 with `created: false` when the Idempotency-Key already made it). `format` (mp4, webm or gif) and `orientation` default to the revision's export section; `export` says what it makes (frame, length). Seconds are reserved as POST /marketing/exports/quote prices it (402 insufficient_seconds with `needed` and `available` when the balance cannot hold the whole length: an export is never shortened to fit), the real length is charged on success and the rest released; a failed or cancelled export charges nothing. The free tier reserves nothing, is watermarked and is capped at 60 seconds. One export per project, revision and format at a time (409 export_in_flight naming it in `details.exportId`); at most three exports queued or running per account (409 too_many_in_flight). A succeeded export lists artifacts `video`, `poster` (JPEG), `captions` (WebVTT) and `quality_report` (JSON). Events: marketing.export.succeeded, .failed, .cancelled.",
  params: ProjectIdParams,
  body: CreateExportBody,
  responses: { 202: CreateExportResponse, 200: CreateExportResponse },
  errors: [
    "storage_unavailable",
    "project_not_found",
    "no_revision",
    "unsupported_format",
    "unsupported_export",
    "insufficient_seconds",
    "export_in_flight",
    "too_many_in_flight",
    "source_deleted",
    "source_version_expired",
    "source_unreadable",
    "voice_unknown",
    "reservation_failed",
    "queue_unavailable",
  ],
  async handler({ actor, deps, params, body, idempotencyKey, requestId, now }) {
    const known = await knownExport(deps, actor.accountId, idempotencyKey);
    if (known) return known;
    const { project, input, price } = await resolveExport(deps, actor.accountId, params.id, body ?? {}, now);
    const key = { projectId: project.id, revision: input.revision, format: input.format };
    try {
      const { job, created } = await createJob(deps, {
        accountId: actor.accountId,
        kind: EXPORT_KIND,
        input,
        reserveSeconds: price.secondsToReserve,
        watermark: price.watermark,
        idempotencyKey,
        requestId,
        guard: async (tx) => {
          const running = await exportInFlight(tx, key);
          if (running) throw new ApiError("export_in_flight", { exportId: running, ...key });
        },
        inFlightLimit: deps.config.maxInFlightPerKind,
        onCreate: (tx, job) =>
          recordExport(tx, {
            ...key,
            jobId: job.id,
            accountId: actor.accountId,
            sourceId: input.source.id,
            createdAt: job.created_at,
          }),
      });
      return exportAnswer(deps, job, created);
    } catch (err) {
      // The reservation's transaction failed for a reason that passes: the spec's code for an export.
      if (err instanceof ApiError && err.code === "wallet_unavailable")
        throw new ApiError("reservation_failed", undefined, { "Retry-After": "2" });
      throw err;
    }
  },
});
