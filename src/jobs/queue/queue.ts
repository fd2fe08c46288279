import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** Work to do once the transaction that enqueued has committed (BullMQ adds then; embedded: a wake-up). */
export type AfterCommit = () => Promise<void>;

/**
 * Where job runs wait. Two drivers, the same handler code on both: the embedded runner over the
 * `tasks` table (SQLite or PostgreSQL) and BullMQ on Redis (scale-out, `clipwright worker`).
 */
export interface TaskQueue {
  readonly driver: "embedded" | "bullmq";
  /**
   * Adds a run of job `ref`, due at `runAt`; `attempt` counts earlier runs (0 for the first).
   * Embedded: a row written in `tx`, atomic with the job. BullMQ: added after commit.
   */
  enqueue(tx: Kysely<Database>, ref: string, runAt: Date, attempt?: number): Promise<AfterCommit>;
  /** Takes a waiting run out: true when it was waiting (so it will never start). */
  remove(ref: string): Promise<boolean>;
  /** Starts taking runs, `concurrency` at a time. */
  process(concurrency: number, handler: (ref: string) => Promise<void>): void;
  /** Tests: returns once nothing is due and nothing is running. */
  drain(): Promise<void>;
  close(): Promise<void>;
}
