import type { Kysely } from "kysely";
import { ApiError } from "../../contract/errors.js";
import type { Database } from "../../db/schema.js";
import type { SecondsLedger } from "../../jobs/ports.js";
import { availableSeconds, type WalletRow } from "./balance.js";
import { applyMovement, getWallet } from "./movements.js";

/**
 * Seconds held by work in flight. Reserve at create, then exactly one settlement: charge the real
 * seconds (never more than held) and release the rest, or release everything. Each is one conditional
 * update plus a ledger entry, inside the caller's transaction (the one that moves the job's state).
 */
export async function reserve(tx: Kysely<Database>, accountId: string, seconds: number, jobId: string, now: Date) {
  if (seconds <= 0) return;
  const after = await applyMovement(tx, accountId, { type: "reservation", reserved: seconds, jobId }, now);
  if (!after) {
    const w = await getWallet(tx, accountId);
    throw new ApiError("insufficient_seconds", {
      needed: seconds,
      available: w ? Math.max(0, availableSeconds(w)) : 0,
    });
  }
}

/** Charge order: plan seconds first (they lapse), then top-ups, then free seconds. */
export function chargeSplit(w: WalletRow, seconds: number): { plan: number; payg: number; free: number } {
  const plan = Math.min(w.plan_seconds, seconds);
  const payg = Math.min(w.payg_seconds, seconds - plan);
  const free = Math.min(w.free_seconds, seconds - plan - payg);
  return { plan, payg, free };
}

/** Success: `charge` of the `reserved` seconds leave the wallet; the rest is released. */
export async function chargeReservation(
  tx: Kysely<Database>,
  accountId: string,
  reserved: number,
  charge: number,
  jobId: string,
  now: Date,
): Promise<number> {
  const charged = Math.max(0, Math.min(charge, reserved));
  // The split is read, then applied conditionally; a plan lapsing in between (PostgreSQL, another
  // transaction) can refuse it, so it is read again. The total is always covered by the reservation.
  for (let attempt = 0; charged > 0; attempt++) {
    const w = await getWallet(tx, accountId);
    if (!w) throw new Error(`wallet of ${accountId} is gone`);
    const split = chargeSplit(w, charged);
    const after = await applyMovement(
      tx,
      accountId,
      { type: "charge", plan: -split.plan, payg: -split.payg, free: -split.free, reserved: -charged, jobId },
      now,
    );
    if (after) break;
    if (attempt === 2) throw new Error(`charging ${charged} s for job ${jobId} was refused by the wallet's condition`);
  }
  await releaseReservation(tx, accountId, reserved - charged, jobId, now);
  return charged;
}

export async function releaseReservation(
  tx: Kysely<Database>,
  accountId: string,
  seconds: number,
  jobId: string,
  now: Date,
) {
  if (seconds <= 0) return;
  const after = await applyMovement(tx, accountId, { type: "release", reserved: -seconds, jobId }, now);
  if (!after) throw new Error(`releasing ${seconds} s for job ${jobId} was refused by the wallet's condition`);
}

/** The wallet as the job engine's ledger: app.ts hands it to the engine (JobServices.secondsLedger). */
export const walletSecondsLedger: SecondsLedger = {
  reserve,
  charge: chargeReservation,
  release: releaseReservation,
};
