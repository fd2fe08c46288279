import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from "kysely";
import type { Database } from "../db/schema.js";
import { newestFirst, type Page, type PageInput } from "../http/pagination.js";
import { artifactSigner, type JobEnvelope, toEnvelope } from "./envelope.js";
import type { JobServices } from "./services.js";

/** A further condition on the jobs a list shows (sources leave out deleted ones). */
export type JobsFilter = (eb: ExpressionBuilder<Database, "jobs">) => ExpressionWrapper<Database, "jobs", SqlBool>;

/**
 * One page of the account's jobs of one kind as envelopes, newest first (id as tie-break): the list
 * operation of every job resource (storyboards, renders, sources, and the marketing kinds to come).
 */
export async function listJobsOfKind(
  deps: Pick<JobServices, "db" | "storage">,
  accountId: string,
  kind: string,
  query: PageInput,
  now: Date,
  filter?: JobsFilter,
): Promise<Page<JobEnvelope>> {
  const sign = artifactSigner(deps);
  const jobs = deps.db.kysely
    .selectFrom("jobs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("kind", "=", kind);
  return newestFirst(filter ? jobs.where(filter) : jobs, query, now, (row) => toEnvelope(row, sign));
}
