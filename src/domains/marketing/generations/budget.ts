import type { Transaction } from "kysely";
import { endOfUtcDay, iso, utcDay } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import type { Database } from "../../../db/schema.js";
import { GENERATION_KIND } from "./schemas.js";

/**
 * 429 budget_exhausted when the account already started `allowance` generations (the one being created
 * not counted) (retries count: each is
 * a run) this UTC day. Generating is free, so this allowance is what bounds an account's Chromium and TTS
 * time. Counted from the jobs table in the creating transaction, behind the account lock, so it is exact
 * across processes.
 */
export async function checkGenerationBudget(
  tx: Transaction<Database>,
  job: { id: string; account_id: string },
  allowance: number,
  now: Date,
): Promise<void> {
  const day = utcDay(now);
  const r = await tx
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", job.account_id)
    .where("kind", "=", GENERATION_KIND)
    .where("id", "!=", job.id)
    .where("created_at", ">=", `${day}T00:00:00.000Z`)
    .executeTakeFirstOrThrow();
  const used = Number(r.n);
  if (used < allowance) return;
  const reset = endOfUtcDay(day);
  const seconds = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000));
  throw new ApiError("budget_exhausted", { allowance, used, resetAt: iso(reset) }, { "Retry-After": String(seconds) });
}
