import { ApiError } from "../../../contract/errors.js";
import type { StoredResult } from "../../../jobs/envelope.js";
import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import { getStored } from "../../../storage/storage.js";
import type { DomainServices } from "../../services.js";
import { readDocument } from "../revision/read-document.js";
import type { GenerationJob } from "./store.js";

/**
 * The revision-1 document a succeeded generation made (its `campaign` artifact), checked against the
 * published schema. A generation that is not (or no longer) usable is refused: 409 not_finished while it
 * runs, 404 generation_not_found (`reason`) when it failed, was cancelled or its files expired.
 */
export async function generatedDocument(
  deps: Pick<DomainServices, "storage">,
  found: GenerationJob,
  now: Date,
): Promise<CampaignDocument> {
  const { job } = found;
  if (job.state === "queued" || job.state === "running") throw new ApiError("not_finished", { state: job.state });
  if (job.state !== "succeeded")
    throw new ApiError("generation_not_found", { generationId: job.id, reason: "not_succeeded", state: job.state });
  const expired = job.artifacts_expired === 1 || (job.expires_at !== null && job.expires_at <= now.toISOString());
  const key = (JSON.parse(job.result ?? "{}") as Partial<StoredResult>).artifacts?.find(
    (a) => a.type === "campaign",
  )?.key;
  const bytes = !expired && key ? await getStored(deps.storage, key) : null;
  if (!bytes) throw new ApiError("generation_not_found", { generationId: job.id, reason: "expired" });
  return readDocument(JSON.parse(bytes.toString("utf8")));
}
