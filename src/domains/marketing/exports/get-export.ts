import { ApiError } from "../../../contract/errors.js";
import { artifactSigner, toEnvelope } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { EXPORT_KINDS, ExportEnvelope, ExportIdParams } from "./schemas.js";

export const getExportOperation = defineOperation({
  id: "marketing.getExport",
  summary: "Read an export",
  description:
    "The export's job envelope (kind marketing.export), as every job resource answers it. Once succeeded, `result.artifacts` holds the `video` (MP4: H.264 and AAC, faststart; WebM: VP9 and Opus; or a GIF), a `poster` (JPEG), the `captions` (WebVTT) and a `quality_report` (JSON), each with bytes and sha256 and a signed URL valid for an hour; `result.durationSeconds` is the video's length and `cost.secondsCharged` what it cost. What it renders (project, revision, format, frame) is answered by the create. Unknown or another account's: 404 not_found.",
  params: ExportIdParams,
  responses: { 200: ExportEnvelope },
  async handler({ actor, deps, params }) {
    const job = await findJob(deps.db.kysely, actor.accountId, params.id, EXPORT_KINDS);
    if (!job) throw new ApiError("not_found");
    return ok(toEnvelope(job, artifactSigner(deps)));
  },
});
