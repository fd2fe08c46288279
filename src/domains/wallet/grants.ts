import { addMs, iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { findPlan } from "../catalog/plans.js";
import type { DomainServices } from "../services.js";
import type { WalletRow } from "./balance.js";
import { getWallet, lapsePlan, moveSeconds } from "./movements.js";

type GrantDeps = Pick<DomainServices, "db" | "clock" | "auth">;

/** Starts a plan period: the plan's seconds arrive and the plan is live until the period ends. */
export async function grantPlan(deps: GrantDeps, accountId: string, planId: string): Promise<WalletRow> {
  const plan = findPlan(planId);
  if (!plan) throw new ApiError("not_found", { reason: "unknown_plan" });
  const now = deps.clock.now();
  const wallet = await getWallet(deps.db.kysely, accountId);
  if (!wallet) throw new ApiError("not_found");
  // A new period carries no leftover from the previous one: whatever it had lapses first.
  await lapsePlan(deps.db.kysely, wallet, now, "replaced by a new plan period");
  const after = await moveSeconds(
    deps.db.kysely,
    accountId,
    {
      type: "plan_grant",
      plan: plan.secondsPerPeriod,
      setPlan: { planId: plan.id, expiresAt: iso(addMs(now, plan.periodDays * 86_400_000)) },
      note: `${plan.name} plan period`,
    },
    now,
  );
  deps.auth.forgetAccount(accountId); // paid state changed
  return after as WalletRow;
}

/** Pay-as-you-go seconds: they never lapse, and they make the account paid. */
export async function topUp(deps: GrantDeps, accountId: string, seconds: number): Promise<WalletRow> {
  return credit(deps, accountId, "topup", { payg: seconds }, "top-up");
}

/** Free seconds (sign-up gift): usable, watermarked, never count as paid. */
export async function grantFree(deps: GrantDeps, accountId: string, seconds: number): Promise<WalletRow> {
  return credit(deps, accountId, "free_grant", { free: seconds }, "free seconds");
}

async function credit(
  deps: GrantDeps,
  accountId: string,
  type: "topup" | "free_grant",
  buckets: { payg?: number; free?: number },
  note: string,
): Promise<WalletRow> {
  const seconds = buckets.payg ?? buckets.free ?? 0;
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new ApiError("validation_failed", { reason: "seconds_positive" });
  const after = await moveSeconds(deps.db.kysely, accountId, { type, ...buckets, note }, deps.clock.now());
  if (!after) throw new ApiError("not_found");
  deps.auth.forgetAccount(accountId);
  return after;
}
