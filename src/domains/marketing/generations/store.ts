import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, MarketingGenerationsTable } from "../../../db/schema.js";
import type { JobRow } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import { GENERATION_KIND } from "./schemas.js";

export type Db = Kysely<Database> | Transaction<Database>;
export type GenerationRow = Selectable<MarketingGenerationsTable>;

/** A generation as the account sees it: its job and its row. */
export interface GenerationJob {
  job: JobRow;
  generation: GenerationRow;
}

/** Undefined for an unknown id, another account's, or a job that is not a generation. */
export async function findGeneration(db: Db, accountId: string, id: string): Promise<GenerationJob | undefined> {
  const job = await findJob(db as Kysely<Database>, accountId, id, [GENERATION_KIND]);
  if (!job) return undefined;
  const generation = await db
    .selectFrom("marketing_generations")
    .selectAll()
    .where("job_id", "=", job.id)
    .executeTakeFirst();
  return generation ? { job, generation } : undefined;
}

/** The generation made under this Idempotency-Key (its claim expired), with its request's hash. */
export async function generationByKey(db: Db, accountId: string, key: string): Promise<GenerationJob | undefined> {
  const job = await db
    .selectFrom("jobs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("kind", "=", GENERATION_KIND)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return job ? findGeneration(db, accountId, job.id) : undefined;
}
