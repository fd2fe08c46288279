import { mapPage, type Page, type PageInput, paginate } from "../http/pagination.js";
import { type JobEnvelope, toEnvelope } from "./envelope.js";
import type { JobServices } from "./services.js";
import { artifactSigner } from "./settle.js";

/**
 * One page of the account's jobs of one kind as envelopes, newest first (id as tie-break): the list
 * operation of every job resource (storyboards, renders, and the marketing kinds to come).
 */
export async function listJobsOfKind(
  deps: Pick<JobServices, "db" | "storage">,
  accountId: string,
  kind: string,
  query: PageInput,
  now: Date,
): Promise<Page<JobEnvelope>> {
  const page = await paginate(
    deps.db.kysely.selectFrom("jobs").selectAll().where("account_id", "=", accountId).where("kind", "=", kind),
    query,
    { sortColumn: "created_at", kind: "time", direction: "desc" },
    now,
  );
  const sign = artifactSigner(deps);
  return mapPage(page, (row) => toEnvelope(row, sign));
}
