import { ApiError } from "../../../contract/errors.js";
import { cancelJobAnswer } from "../../../jobs/cancel.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { CancelSourceBody, CancelSourceResponse, SOURCE_JOB_KINDS, SOURCE_KIND, SourceIdParams } from "./schemas.js";
import { refuseDeleted } from "./source-state.js";
import { findSourceJob, inspectionInFlight, lastInspection } from "./store.js";

export const cancelSourceOperation = defineOperation({
  id: "marketing.cancelSource",
  summary: "Cancel a source's inspection",
  description:
    "With a source id: cancels the inspection in flight (its first, or the refresh queued or running); with a refresh's id: that refresh. Answers the cancelled job's envelope: queued → cancelled at once (`removedFromQueue: true`); running → `cancel_requested`, it stops at its next checkpoint (between pages and extractors) and settles cancelled (`removedFromQueue: false`); repeating the cancel while it stops answers the same. Nothing in flight → 409 already_settled with the last inspection's state. A cancelled refresh makes no version: the source keeps its latest. Deleted source → 410 source_deleted.",
  params: SourceIdParams,
  body: CancelSourceBody,
  responses: { 200: CancelSourceResponse },
  errors: ["already_settled", "source_deleted"],
  async handler({ actor, deps, params }) {
    const found = await findSourceJob(deps.db.kysely, actor.accountId, params.id);
    if (!found) throw new ApiError("not_found");
    refuseDeleted(found.source);
    let target = found.job.id;
    if (found.job.kind === SOURCE_KIND) {
      const inFlight = await inspectionInFlight(deps.db.kysely, found.source.id);
      if (!inFlight) {
        const last = await lastInspection(deps.db.kysely, found.source.id);
        throw new ApiError("already_settled", { state: last.state });
      }
      target = inFlight.id;
    }
    return ok(await cancelJobAnswer(deps, actor.accountId, target, SOURCE_JOB_KINDS));
  },
});
