import { cancelJobAnswer } from "../../../jobs/cancel.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { CancelExportBody, CancelExportResponse, EXPORT_KINDS, ExportIdParams } from "./schemas.js";

export const cancelExportOperation = defineOperation({
  id: "marketing.cancelExport",
  summary: "Cancel an export",
  description:
    "Queued: cancelled at once and taken out of the queue (`removedFromQueue: true`). Running: stops at its next step (between layers, scenes and encoding passes) or, within about 3 s, mid-step (an encode, a wait for a browser), and settles cancelled (`removedFromQueue: false`; poll the export). Either way every reserved second is released. Succeeded, failed or cancelled: 409 already_settled with its state, nothing changes. Settlement is one conditional update, so a cancel racing the finish never moves seconds twice. Unknown or another account's: 404 not_found.",
  params: ExportIdParams,
  body: CancelExportBody,
  responses: { 200: CancelExportResponse },
  errors: ["already_settled"],
  async handler({ actor, deps, params }) {
    return ok(await cancelJobAnswer(deps, actor.accountId, params.id, EXPORT_KINDS));
  },
});
