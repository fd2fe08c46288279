import type { Kysely } from "kysely";
import { addMs, endOfUtcDay, iso, utcDay } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import type { Database } from "../../db/schema.js";
import { countQuestionsSince, handoffsSince } from "./store.js";

const HOUR_MS = 3_600_000;

/** Questions left today (UTC) for the account, and when the count starts again. */
export async function questionsLeft(db: Kysely<Database>, accountId: string, perDay: number, now: Date) {
  const day = utcDay(now);
  const used = await countQuestionsSince(db, accountId, `${day}T00:00:00.000Z`);
  return { perDay, used, left: Math.max(0, perDay - used), resetsAt: endOfUtcDay(day) };
}

/** 429 assistant_daily_limit when the day's questions are spent, with Retry-After to the next UTC midnight. */
export async function checkQuestionAllowance(db: Kysely<Database>, accountId: string, perDay: number, now: Date) {
  const allowance = await questionsLeft(db, accountId, perDay, now);
  if (allowance.left > 0) return allowance;
  const seconds = Math.max(1, Math.ceil((allowance.resetsAt.getTime() - now.getTime()) / 1000));
  throw new ApiError(
    "assistant_daily_limit",
    { limit: perDay, used: allowance.used, resetAt: iso(allowance.resetsAt) },
    { "Retry-After": String(seconds) },
  );
}

/** Hand-offs left in the last 60 minutes, and when the oldest of them stops counting. */
export async function handoffsLeft(db: Kysely<Database>, accountId: string, perHour: number, now: Date) {
  const recent = await handoffsSince(db, accountId, iso(addMs(now, -HOUR_MS)));
  // When the allowance is spent, a slot opens when the hand-off that keeps it full turns an hour old.
  const blocking = recent[recent.length - perHour];
  return {
    perHour,
    left: Math.max(0, perHour - recent.length),
    nextAt: blocking ? addMs(new Date(blocking.created_at), HOUR_MS) : now,
  };
}

/** 409 handoff_limit when the hour's hand-offs are spent; `retryAt` says when the next one is allowed. */
export async function checkHandoffAllowance(db: Kysely<Database>, accountId: string, perHour: number, now: Date) {
  const allowance = await handoffsLeft(db, accountId, perHour, now);
  if (allowance.left > 0) return allowance;
  throw new ApiError("handoff_limit", {
    limit: perHour,
    windowSeconds: HOUR_MS / 1000,
    retryAt: iso(allowance.nextAt),
  });
}
