import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** The run key of a job's next run after `attempts` runs (see TaskQueue.enqueue): none for the first. */
export const runKeyOf = (attempts: number): string | undefined => (attempts === 0 ? undefined : `attempt-${attempts}`);

/** Work to do once the transaction that enqueued has committed (BullMQ adds then; embedded: a wake-up). */
export type AfterCommit = () => Promise<void>;

/**
 * Where job runs wait. Two drivers, the same handler code on both: the embedded runner over the
 * `tasks` table (SQLite or PostgreSQL) and BullMQ on Redis (scale-out, `clipwright worker`).
 */
export interface TaskQueue {
  readonly driver: "embedded" | "bullmq";
  /**
   * Adds a run of job `ref`, due at `runAt`. `runKey` names a later run of the same job (`attempt-2`,
   * `handback-…`): BullMQ keeps one run per name, and a later run is added while the earlier one still
   * holds its own. Embedded: a row written in `tx`, atomic with the job. BullMQ: added after commit.
   */
  enqueue(tx: Kysely<Database>, ref: string, runAt: Date, runKey?: string): Promise<AfterCommit>;
  /** Takes a waiting run out: true when it was waiting (so it will never start). */
  remove(ref: string): Promise<boolean>;
  /** Starts taking runs, `concurrency` at a time. */
  process(concurrency: number, handler: (ref: string) => Promise<void>): void;
  /**
   * Stops taking runs (a stopping worker); resolves once the runs it holds have returned. Runs can
   * still be added, for other processes to take.
   */
  stopProcessing(): Promise<void>;
  /** Tests: returns once nothing is due and nothing is running. */
  drain(): Promise<void>;
  close(): Promise<void>;
}
