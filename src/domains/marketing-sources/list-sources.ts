import { mapPage, pageOf, pageQuery, paginate } from "../../http/pagination.js";
import { toEnvelope } from "../../jobs/envelope.js";
import { artifactSigner } from "../../jobs/settle.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { SOURCE_KIND, SourceEnvelope } from "./schemas.js";

export const listSourcesOperation = defineOperation({
  id: "marketing.listSources",
  summary: "List sources",
  description:
    "The account's sources (scan job envelopes, kind marketing.source_scan; refreshes are read at their own id or with `?version=`), newest first (id as tie-break), in every state. Expired ones are listed with `artifactsExpired: true`; deleted ones are left out. No filters.",
  query: pageQuery(),
  responses: { 200: pageOf(SourceEnvelope) },
  async handler({ actor, deps, query, now }) {
    const rows = deps.db.kysely
      .selectFrom("jobs")
      .selectAll()
      .where("account_id", "=", actor.accountId)
      .where("kind", "=", SOURCE_KIND)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("marketing_sources as s")
              .select("s.id")
              .whereRef("s.id", "=", "jobs.id")
              .where("s.deleted_at", "is not", null),
          ),
        ),
      );
    const page = await paginate(rows, query, { sortColumn: "created_at", kind: "time", direction: "desc" }, now);
    const sign = artifactSigner(deps);
    return ok(mapPage(page, (row) => toEnvelope(row, sign)));
  },
});
