import type { Selectable } from "kysely";
import { iso } from "../../clock.js";
import type { WalletsTable } from "../../db/schema.js";

export type WalletRow = Selectable<WalletsTable>;

type PlanFields = Pick<WalletRow, "plan_id" | "plan_expires_at">;

export const planActive = (w: PlanFields, now: Date): boolean =>
  w.plan_id !== null && (w.plan_expires_at === null || w.plan_expires_at > iso(now));

export const availableSeconds = (w: WalletRow): number =>
  w.plan_seconds + w.payg_seconds + w.free_seconds - w.reserved_seconds;

/** Spec (Authentication 5): API access needs a live plan or top-up time; free signup seconds don't count. */
export const isPaid = (w: PlanFields & Pick<WalletRow, "payg_seconds">, now: Date): boolean =>
  planActive(w, now) || w.payg_seconds > 0;

/** The wallet as GET /account and GET /wallet show it. */
export function walletView(w: WalletRow, now: Date) {
  return {
    planSeconds: w.plan_seconds,
    paygSeconds: w.payg_seconds,
    freeSeconds: w.free_seconds,
    reservedSeconds: w.reserved_seconds,
    availableSeconds: availableSeconds(w),
    planId: w.plan_id,
    planExpiresAt: w.plan_expires_at,
    planActive: planActive(w, now),
  };
}
