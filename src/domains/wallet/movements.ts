import { type Kysely, sql } from "kysely";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import type { Database } from "../../db/schema.js";
import { uuidv7 } from "../../ids.js";
import { availableSeconds, type WalletRow } from "./balance.js";

export const LEDGER_TYPES = [
  "plan_grant",
  "plan_lapse",
  "topup",
  "free_grant",
  "reservation",
  "charge",
  "release",
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** A change to a wallet's buckets; every movement of seconds is one of these and one ledger entry. */
export interface Movement {
  type: LedgerType;
  plan?: number;
  payg?: number;
  free?: number;
  reserved?: number;
  /** Sets the wallet's plan (plan grants). */
  setPlan?: { planId: string; expiresAt: string | null };
  jobId?: string | null;
  note?: string | null;
  /** Land only if the plan bucket still holds exactly this (makes a lapse idempotent under races). */
  expectPlanSeconds?: number;
}

/**
 * Applies a movement in one conditional update: it lands only if no bucket goes negative and the
 * reservation stays covered, so concurrent movers can never overdraw. Returns the wallet after the
 * movement, or null when the condition refused it (nothing changed, nothing logged).
 */
export async function moveSeconds(
  db: Kysely<Database>,
  accountId: string,
  m: Movement,
  now: Date,
): Promise<WalletRow | null> {
  return db.transaction().execute((tx) => applyMovement(tx, accountId, m, now));
}

/** `moveSeconds` inside a transaction the caller holds (settlement moves a job and seconds together). */
export async function applyMovement(
  tx: Kysely<Database>,
  accountId: string,
  m: Movement,
  now: Date,
): Promise<WalletRow | null> {
  const plan = m.plan ?? 0;
  const payg = m.payg ?? 0;
  const free = m.free ?? 0;
  const reserved = m.reserved ?? 0;
  {
    const after = await tx
      .updateTable("wallets")
      .set({
        plan_seconds: sql`plan_seconds + ${plan}`,
        payg_seconds: sql`payg_seconds + ${payg}`,
        free_seconds: sql`free_seconds + ${free}`,
        reserved_seconds: sql`reserved_seconds + ${reserved}`,
        updated_at: iso(now),
        ...(m.setPlan ? { plan_id: m.setPlan.planId, plan_expires_at: m.setPlan.expiresAt } : {}),
      })
      .where("account_id", "=", accountId)
      .where(sql<boolean>`plan_seconds + ${plan} >= 0`)
      .where(sql<boolean>`payg_seconds + ${payg} >= 0`)
      .where(sql<boolean>`free_seconds + ${free} >= 0`)
      .where(sql<boolean>`reserved_seconds + ${reserved} >= 0`)
      .where(
        sql<boolean>`reserved_seconds + ${reserved} <= plan_seconds + ${plan} + payg_seconds + ${payg} + free_seconds + ${free}`,
      )
      .$if(m.expectPlanSeconds !== undefined, (q) => q.where("plan_seconds", "=", m.expectPlanSeconds as number))
      .returningAll()
      .executeTakeFirst();
    if (!after) return null;
    await tx
      .insertInto("ledger_entries")
      .values({
        id: uuidv7(now.getTime()),
        account_id: accountId,
        type: m.type,
        plan_delta: plan,
        payg_delta: payg,
        free_delta: free,
        reserved_delta: reserved,
        available_after: availableSeconds(after),
        job_id: m.jobId ?? null,
        plan_id: m.setPlan?.planId ?? null,
        note: m.note ?? null,
        created_at: iso(now),
      })
      .execute();
    return after;
  }
}

export async function getWallet(db: Kysely<Database>, accountId: string): Promise<WalletRow | undefined> {
  return db.selectFrom("wallets").selectAll().where("account_id", "=", accountId).executeTakeFirst();
}

/** The wallet as of now (an ended plan lapsed first), or 404 for an account without one. */
export async function readWallet(db: Kysely<Database>, accountId: string, now: Date): Promise<WalletRow> {
  const stored = await getWallet(db, accountId);
  if (!stored) throw new ApiError("not_found");
  return lapseExpiredPlan(db, stored, now);
}

/** A plan past its end lapses (lazily, on reads; idempotent). */
export async function lapseExpiredPlan(db: Kysely<Database>, w: WalletRow, now: Date): Promise<WalletRow> {
  if (w.plan_id === null || w.plan_expires_at === null || w.plan_expires_at > iso(now)) return w;
  return lapsePlan(db, w, now, "plan period ended");
}

/**
 * The plan bucket's unreserved seconds leave the wallet (one ledger entry); seconds still backing
 * reservations stay until those jobs settle. Guarded on the balance it saw, so racing callers lapse once.
 */
export async function lapsePlan(db: Kysely<Database>, w: WalletRow, now: Date, note: string): Promise<WalletRow> {
  const lapse = Math.min(w.plan_seconds, Math.max(0, availableSeconds(w)));
  if (lapse === 0) return w;
  const after = await moveSeconds(
    db,
    w.account_id,
    { type: "plan_lapse", plan: -lapse, note, expectPlanSeconds: w.plan_seconds },
    now,
  );
  return after ?? (await getWallet(db, w.account_id)) ?? w;
}
