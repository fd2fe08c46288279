import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * What the job engine needs from the domains above it, as interfaces they fill in (app.ts wires the
 * wallet and the webhooks outbox in as JobServices), so the engine imports no domain. Every method
 * writes inside the caller's transaction `tx`: a job's state, its seconds and its event commit together
 * or not at all.
 */

/** Seconds a job holds while in flight: reserved at create, then charged or released exactly once. */
export interface SecondsLedger {
  /** Holds `seconds` (0 holds nothing); throws ApiError insufficient_seconds when the wallet cannot. */
  reserve(tx: Kysely<Database>, accountId: string, seconds: number, jobId: string, now: Date): Promise<void>;
  /** Takes `charge` (at most `reserved`) out of the wallet and releases the rest; returns what was charged. */
  charge(
    tx: Kysely<Database>,
    accountId: string,
    reserved: number,
    charge: number,
    jobId: string,
    now: Date,
  ): Promise<number>;
  /** Gives back `seconds` held for the job (0 gives back nothing). */
  release(tx: Kysely<Database>, accountId: string, seconds: number, jobId: string, now: Date): Promise<void>;
}

/**
 * Where a settled job's event goes (the webhooks outbox: an event and its deliveries as rows). `data` is
 * the envelope at rest (toEnvelopeAtRest: artifacts by storage key), stored as given; the sender signs it.
 */
export interface JobEventSink {
  emit(tx: Kysely<Database>, accountId: string, type: string, data: unknown, now: Date): Promise<void>;
}
