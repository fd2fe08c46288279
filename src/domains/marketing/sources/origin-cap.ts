import type { Transaction } from "kysely";
import { endOfUtcDay, iso, utcDay } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import type { Database } from "../../../db/schema.js";

/**
 * 429 origin_daily_cap when the account already started `limit` inspections of this origin (first scans
 * and refreshes) this UTC day. Counted from the jobs table in the creating transaction, behind the account lock, so it is
 * exact across processes; every created inspection counts whatever its outcome (it visited the site).
 * Render sources carry no origin and are never counted.
 */
export async function checkOriginCap(
  tx: Transaction<Database>,
  accountId: string,
  origin: string,
  limit: number,
  now: Date,
): Promise<void> {
  const day = utcDay(now);
  const r = await tx
    .selectFrom("marketing_source_inspections as i")
    .innerJoin("jobs", "jobs.id", "i.job_id")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("i.account_id", "=", accountId)
    .where("i.origin", "=", origin)
    .where("jobs.created_at", ">=", `${day}T00:00:00.000Z`)
    .executeTakeFirstOrThrow();
  if (Number(r.n) < limit) return;
  const reset = endOfUtcDay(day);
  const seconds = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000));
  throw new ApiError("origin_daily_cap", { origin, limit, resetAt: iso(reset) }, { "Retry-After": String(seconds) });
}
