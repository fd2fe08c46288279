import type { Transaction } from "kysely";
import { iso } from "../clock.js";
import { ApiError } from "../contract/errors.js";
import { lockAccount } from "../db/locks.js";
import type { Database } from "../db/schema.js";
import { isTransientDbError } from "../db/transient.js";
import { uuidv7 } from "../ids.js";
import type { JobRow } from "./envelope.js";
import type { JobServices } from "./services.js";
import { countInFlight, findJobByIdempotencyKey } from "./store.js";

export interface NewJob {
  accountId: string;
  kind: string;
  /** The job's input; a function gets the new job's id (an input naming its own job). */
  input: unknown;
  /** Seconds to hold until the job settles (0 holds nothing). */
  reserveSeconds: number;
  watermark: boolean;
  idempotencyKey: string | null;
  requestId: string | null;
  /**
   * A refusal of the caller's own, checked behind the account lock before the in-flight ceiling and the
   * reservation (one export per project, revision and format): no job can start between check and write.
   */
  guard?: (tx: Transaction<Database>) => Promise<void>;
  /** Ceiling of this kind's jobs queued or running per account (renders and exports). */
  inFlightLimit?: number;
  /** Writes what belongs with the job (sealed credentials) in the job's own transaction; not on a replay. */
  onCreate?: (tx: Transaction<Database>, job: JobRow) => Promise<void>;
}

/**
 * Creates a job and its first run in one transaction: the in-flight ceiling is checked, the seconds
 * reserved (402 when the wallet cannot hold them) and the run enqueued, all or nothing. A job already
 * created under the same Idempotency-Key (its claim expired) is returned with `created: false`.
 */
export async function createJob(
  deps: Pick<JobServices, "db" | "clock" | "queue" | "secondsLedger">,
  spec: NewJob,
): Promise<{ job: JobRow; created: boolean }> {
  const now = deps.clock.now();
  const t = iso(now);
  const afterCommit: (() => Promise<void>)[] = [];
  const result = await inTransientGuard(() =>
    deps.db.kysely.transaction().execute(async (tx) => {
      await lockAccount(tx, deps.db.dialect, spec.accountId);
      if (spec.idempotencyKey) {
        const known = await findJobByIdempotencyKey(tx, spec.accountId, spec.kind, spec.idempotencyKey);
        if (known) return { job: known, created: false };
      }
      if (spec.guard) await spec.guard(tx);
      if (spec.inFlightLimit !== undefined) {
        const inFlight = await countInFlight(tx, spec.accountId, spec.kind);
        if (inFlight >= spec.inFlightLimit) {
          throw new ApiError("too_many_in_flight", { limit: spec.inFlightLimit, inFlight });
        }
      }
      const job: JobRow = {
        id: uuidv7(now.getTime()),
        account_id: spec.accountId,
        kind: spec.kind,
        state: "queued",
        internal_status: "queued",
        stage: null,
        progress_stage: null,
        progress_percent: null,
        progress_at: null,
        error_code: null,
        error_reason: null,
        error_retryable: null,
        error_terminal: null,
        result: null,
        seconds_reserved: spec.reserveSeconds,
        seconds_charged: null,
        watermark: spec.watermark ? 1 : 0,
        artifacts_expired: 0,
        cancel_requested: 0,
        attempts: 0,
        lease_until: null,
        input: "",
        idempotency_key: spec.idempotencyKey,
        request_id: spec.requestId,
        created_at: t,
        started_at: null,
        finished_at: null,
        expires_at: null,
        updated_at: t,
      };
      const id = job.id;
      job.input = JSON.stringify((typeof spec.input === "function" ? spec.input(id) : spec.input) ?? {});
      await tx.insertInto("jobs").values(job).execute();
      await deps.secondsLedger.reserve(tx, spec.accountId, spec.reserveSeconds, job.id, now);
      if (spec.onCreate) await spec.onCreate(tx, job);
      afterCommit.push(await deps.queue.enqueue(tx, job.id, now));
      return { job, created: true };
    }),
  );
  for (const run of afterCommit) {
    try {
      await run();
    } catch {
      await withdraw(deps, result.job);
      throw new ApiError("queue_unavailable", undefined, { "Retry-After": "2" });
    }
  }
  return result;
}

/**
 * The reservation's transaction failed for a reason that passes (database busy, connection lost):
 * 503 wallet_unavailable, as the spec says: nothing was created (the transaction rolled back) and
 * nothing charged; retry after a moment.
 */
async function inTransientGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError) && isTransientDbError(err))
      throw new ApiError("wallet_unavailable", undefined, { "Retry-After": "2" });
    throw err;
  }
}

/** The queue refused the run after the job committed: take the job back, releasing what it held. */
async function withdraw(deps: Pick<JobServices, "db" | "clock" | "secondsLedger">, job: JobRow): Promise<void> {
  await deps.db.kysely.transaction().execute(async (tx) => {
    const gone = await tx.deleteFrom("jobs").where("id", "=", job.id).where("state", "=", "queued").executeTakeFirst();
    if (Number(gone.numDeletedRows) === 1) {
      await tx.deleteFrom("walkthrough_credentials").where("owner_id", "=", job.id).execute();
      await deps.secondsLedger.release(tx, job.account_id, job.seconds_reserved, job.id, deps.clock.now());
    }
  });
}
