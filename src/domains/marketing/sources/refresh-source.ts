import { ApiError } from "../../../contract/errors.js";
import { defineOperation } from "../../services.js";
import { inspectionAnswer, inspectionRequestHash } from "./answer.js";
import { knownInspection } from "./known-inspection.js";
import { RefreshSourceBody, SOURCE_KIND, SOURCE_REFRESH_KIND, SourceEnvelope, SourceIdParams } from "./schemas.js";
import { checkSourceAddress, normaliseAddress } from "./source-address.js";
import { refuseDeleted, refuseInspecting } from "./source-state.js";
import { SourceVersions } from "./source-version.js";
import { startInspection } from "./start-inspection.js";
import { findSourceJob } from "./store.js";

export const refreshSourceOperation = defineOperation({
  id: "marketing.refreshSource",
  summary: "Scan a source's website again",
  description:
    "Starts a refresh: a marketing.source_operation job with its own id (202, Location /marketing/sources/{id} with the refresh's id, polled like the source; 200 with the known refresh when the Idempotency-Key already made one). When it succeeds its result is the source's next version; a failed or cancelled refresh makes none. Body (optional): `url`, which must be the source's own address (400 source_refresh_url_mismatch), and `expectedVersion` (409 source_version_mismatch unless it is still the latest). Refused in this order: 404 not_found, 410 source_deleted, 409 source_idempotency_conflict (key reused after its claim with another body), 400 source_kind_mismatch (render sources cannot be re-read), 400 source_refresh_url_mismatch, 409 source_inspection_stopping, 409 source_inspection_busy (one inspection at a time), 409 source_not_ready (no succeeded version), 410 source_expired (no version retained: scan again), 409 source_version_mismatch, the address checked again (site_not_allowed, url_*), 429 origin_daily_cap. Refreshes emit no webhook events.",
  params: SourceIdParams,
  body: RefreshSourceBody,
  responses: { 202: SourceEnvelope, 200: SourceEnvelope },
  errors: [
    "source_deleted",
    "source_idempotency_conflict",
    "source_kind_mismatch",
    "source_refresh_url_mismatch",
    "source_inspection_stopping",
    "source_inspection_busy",
    "source_not_ready",
    "source_expired",
    "source_version_mismatch",
    "site_not_allowed",
    "url_malformed",
    "url_private",
    "url_invalid",
    "origin_daily_cap",
    "queue_unavailable",
    "wallet_unavailable",
  ],
  async handler({ actor, deps, params, body, idempotencyKey, requestId, now }) {
    const found = await findSourceJob(deps.db.kysely, actor.accountId, params.id);
    if (!found || found.job.kind !== SOURCE_KIND) throw new ApiError("not_found");
    const { source } = found;
    refuseDeleted(source);
    const fields = body ?? {};
    const hash = inspectionRequestHash("marketing.refreshSource", source.id, fields);
    const known = await knownInspection(deps, actor.accountId, SOURCE_REFRESH_KIND, idempotencyKey, hash);
    if (known) return known;

    if (source.kind === "render") throw new ApiError("source_kind_mismatch", { kind: "render" });
    const url = source.url as string;
    if (fields.url !== undefined && normaliseAddress(fields.url) !== url) {
      throw new ApiError("source_refresh_url_mismatch", { url });
    }
    await refuseInspecting(deps.db.kysely, source.id);
    const next = (await SourceVersions.of(deps.db.kysely, found)).next(now, fields.expectedVersion);
    // DNS and the lists change: the stored address is checked again before the site is visited.
    const address = await checkSourceAddress(deps, url);
    const { job, created } = await startInspection(
      deps,
      { accountId: actor.accountId, idempotencyKey, requestId, requestHash: hash },
      {
        of: "refresh",
        sourceId: source.id,
        url: address.url,
        origin: address.origin,
        ...next,
      },
    );
    return inspectionAnswer(deps, job, created);
  },
});
