import { iso } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import { lockAccount } from "../../../db/locks.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { sourceExportsInFlight } from "../exports/store.js";
import { DeleteSourceResponse, SOURCE_KIND, SourceIdParams } from "./schemas.js";
import { refuseDeleted, refuseInspecting } from "./source-state.js";
import { expireEveryVersion } from "./source-version.js";
import { findSourceJob } from "./store.js";

export const deleteSourceOperation = defineOperation({
  id: "marketing.deleteSource",
  summary: "Delete a source",
  description:
    "Deletes the source and every version's files, pinned ones included (deleting wins over pinning: no scanned copy of a site is kept against its owner's wish). The id then answers 410 source_deleted everywhere; a replay under the same key still answers the stored 200. Source ids only (a refresh's id is 404). Refused while an inspection is queued or running (409 source_inspection_busy; cancel first) or stopping (409 source_inspection_stopping), and while an export reading one of its versions is queued or running (409 source_export_in_flight listing them in `details.exports`; cancel them or let them finish). A brand kit logo taken from it is a copy and stays.",
  params: SourceIdParams,
  responses: { 200: DeleteSourceResponse },
  errors: ["source_deleted", "source_inspection_busy", "source_inspection_stopping", "source_export_in_flight"],
  async handler({ actor, deps, params, now }) {
    const found = await findSourceJob(deps.db.kysely, actor.accountId, params.id);
    if (!found || found.job.kind !== SOURCE_KIND) throw new ApiError("not_found");
    refuseDeleted(found.source);
    const sourceId = found.source.id;
    const t = iso(now);
    await deps.db.kysely.transaction().execute(async (tx) => {
      // Behind the account lock, as a refresh is created: no inspection can start between check and write.
      await lockAccount(tx, deps.db.dialect, actor.accountId);
      await refuseInspecting(tx, sourceId);
      const exports = await sourceExportsInFlight(tx, sourceId);
      if (exports.length) throw new ApiError("source_export_in_flight", { sourceId, exports });
      // The tombstone keeps id, account, kind and timestamps; the address goes with the content.
      await tx
        .updateTable("marketing_sources")
        .set({ url: null, origin: null, render_id: null, deleted_at: t, updated_at: t })
        .where("id", "=", sourceId)
        .execute();
      await expireEveryVersion(tx, sourceId, t);
    });
    return ok({ id: sourceId, deleted: true });
  },
});
