// The seconds invariants of the wallet and the jobs, read straight from the database. Shared by the
// settlement property test (test/integration/settlement-property.test.ts) and the crash test
// (test/integration/crash.test.ts). Each check returns readable violations instead of throwing, so a
// failure names the account, the job and the numbers.
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.js";
import { availableSeconds } from "../../src/domains/wallet/balance.js";
import { isTerminal } from "../../src/jobs/kinds.js";

/** What the caller knows about a job beyond the database (the property test's model). */
export interface JobExpectation {
  /** Every charge a finisher asked for; a succeeded job must have charged min(reserved, one of them). */
  chargeCandidates?: number[];
  /** A cancel answered 200 (accepted) for it: it may not end succeeded or failed. */
  cancelAccepted?: boolean;
}

export interface InvariantOptions {
  expectations?: ReadonlyMap<string, JobExpectation>;
  /** Event family the jobs' kind emits ("render" → render.succeeded, …); null when none. */
  eventFamily?: string | null;
  /** Every job must be terminal (the end of the crash test, the end of a property run). */
  allSettled?: boolean;
}

const BUCKET_TYPES = new Set(["plan_grant", "plan_lapse", "topup", "free_grant"]);

/** All seconds invariants for the given accounts; an empty list means they hold. */
export async function secondsViolations(
  db: Kysely<Database>,
  accountIds: readonly string[],
  opts: InvariantOptions = {},
): Promise<string[]> {
  const out: string[] = [];
  const family = opts.eventFamily === undefined ? "render" : opts.eventFamily;
  for (const accountId of accountIds) {
    const v = (msg: string) => out.push(`account ${accountId}: ${msg}`);
    const w = await db.selectFrom("wallets").selectAll().where("account_id", "=", accountId).executeTakeFirst();
    if (!w) {
      v("no wallet");
      continue;
    }
    const ledger = await db.selectFrom("ledger_entries").selectAll().where("account_id", "=", accountId).execute();
    const jobs = await db.selectFrom("jobs").selectAll().where("account_id", "=", accountId).execute();
    const events = await db
      .selectFrom("webhook_events")
      .select(["id", "type", "body"])
      .where("account_id", "=", accountId)
      .execute();

    // 1. Buckets never negative, the reservation covered, available = plan + payg + free − reserved.
    const total = w.plan_seconds + w.payg_seconds + w.free_seconds;
    if (w.plan_seconds < 0 || w.payg_seconds < 0 || w.free_seconds < 0 || w.reserved_seconds < 0)
      v(`negative bucket ${JSON.stringify(w)}`);
    if (w.reserved_seconds > total) v(`reserved ${w.reserved_seconds} > plan+payg+free ${total}`);
    if (availableSeconds(w) !== total - w.reserved_seconds || availableSeconds(w) < 0)
      v(`available ${availableSeconds(w)} ≠ ${total} − ${w.reserved_seconds} or negative`);

    // 2. The ledger, summed from zero (grants included), equals the wallet; no entry left it negative.
    const sum = { plan: 0, payg: 0, free: 0, reserved: 0 };
    for (const e of ledger) {
      sum.plan += e.plan_delta;
      sum.payg += e.payg_delta;
      sum.free += e.free_delta;
      sum.reserved += e.reserved_delta;
      if (e.available_after < 0) v(`ledger entry ${e.id} (${e.type}) left available at ${e.available_after}`);
      const bucketDelta = e.plan_delta + e.payg_delta + e.free_delta;
      if (e.type === "reservation" && (bucketDelta !== 0 || e.reserved_delta <= 0 || !e.job_id))
        v(`malformed reservation entry ${JSON.stringify(e)}`);
      if (e.type === "release" && (bucketDelta !== 0 || e.reserved_delta >= 0 || !e.job_id))
        v(`malformed release entry ${JSON.stringify(e)}`);
      if (e.type === "charge" && (bucketDelta !== e.reserved_delta || e.reserved_delta >= 0 || !e.job_id))
        v(`malformed charge entry ${JSON.stringify(e)}`);
      if (BUCKET_TYPES.has(e.type) && (e.reserved_delta !== 0 || e.job_id)) v(`malformed grant entry ${e.id}`);
    }
    const actual = { plan: w.plan_seconds, payg: w.payg_seconds, free: w.free_seconds, reserved: w.reserved_seconds };
    if (JSON.stringify(sum) !== JSON.stringify(actual))
      v(`ledger sums ${JSON.stringify(sum)} ≠ wallet ${JSON.stringify(actual)}`);

    // 3. What the wallet holds back is exactly what unsettled jobs reserved.
    const heldByJobs = jobs.filter((j) => !isTerminal(j.state)).reduce((n, j) => n + j.seconds_reserved, 0);
    if (w.reserved_seconds !== heldByJobs)
      v(`wallet reserves ${w.reserved_seconds}, unsettled jobs hold ${heldByJobs}`);

    // 4. Total charged: the ledger's charges = the jobs' seconds_charged.
    const chargedByLedger = ledger
      .filter((e) => e.type === "charge")
      .reduce((n, e) => n - (e.plan_delta + e.payg_delta + e.free_delta), 0);
    const chargedByJobs = jobs.reduce((n, j) => n + (j.seconds_charged ?? 0), 0);
    if (chargedByLedger !== chargedByJobs) v(`ledger charged ${chargedByLedger}, jobs charged ${chargedByJobs}`);
    const granted = ledger
      .filter((e) => BUCKET_TYPES.has(e.type))
      .reduce((n, e) => n + e.plan_delta + e.payg_delta + e.free_delta, 0);
    if (granted - chargedByLedger !== total) v(`granted ${granted} − charged ${chargedByLedger} ≠ held ${total}`);

    // 5. Per job: exactly one settlement, moving its reservation once.
    const byJob = new Map<string, typeof ledger>();
    for (const e of ledger) if (e.job_id) byJob.set(e.job_id, [...(byJob.get(e.job_id) ?? []), e]);
    const eventsByJob = new Map<string, { type: string; charged: unknown }[]>();
    for (const ev of events) {
      const body = JSON.parse(ev.body) as { type: string; data?: { id?: string; cost?: { secondsCharged?: unknown } } };
      const id = body.data?.id;
      if (!id) continue;
      eventsByJob.set(id, [
        ...(eventsByJob.get(id) ?? []),
        { type: ev.type, charged: body.data?.cost?.secondsCharged },
      ]);
    }
    for (const id of byJob.keys()) if (!jobs.some((j) => j.id === id)) v(`ledger entries for unknown job ${id}`);
    for (const j of jobs) {
      const jv = (msg: string) => v(`job ${j.id} (${j.state}, reserved ${j.seconds_reserved}): ${msg}`);
      const entries = byJob.get(j.id) ?? [];
      const count = (t: string) => entries.filter((e) => e.type === t).length;
      const settled = isTerminal(j.state);
      if (opts.allSettled && !settled) jv("not settled");
      if (settled !== (j.seconds_charged !== null))
        jv(`seconds_charged ${j.seconds_charged} does not match settled=${settled}`);
      if (settled !== (j.finished_at !== null)) jv(`finished_at ${j.finished_at} does not match settled=${settled}`);
      if (count("reservation") !== (j.seconds_reserved > 0 ? 1 : 0)) jv(`${count("reservation")} reservation entries`);
      if (count("charge") > (settled && j.state === "succeeded" ? 1 : 0)) jv(`${count("charge")} charge entries`);
      if (count("release") > (settled ? 1 : 0)) jv(`${count("release")} release entries`);
      const reservedLeft = entries.reduce((n, e) => n + e.reserved_delta, 0);
      if (reservedLeft !== (settled ? 0 : j.seconds_reserved))
        jv(`reservation − charge − releases = ${reservedLeft}, expected ${settled ? 0 : j.seconds_reserved}`);
      const spent = -entries.reduce((n, e) => n + e.plan_delta + e.payg_delta + e.free_delta, 0);
      if (spent !== (j.seconds_charged ?? 0)) jv(`ledger spent ${spent}, seconds_charged ${j.seconds_charged}`);
      const charged = j.seconds_charged ?? 0;
      if (charged < 0 || charged > j.seconds_reserved) jv(`charged ${charged} outside 0..reserved`);
      if (j.state !== "succeeded" && charged !== 0) jv(`charged ${charged} without succeeding`);
      const exp = opts.expectations?.get(j.id);
      if (j.state === "succeeded" && exp?.chargeCandidates) {
        const allowed = exp.chargeCandidates.map((m) => Math.min(j.seconds_reserved, m));
        if (!allowed.includes(charged))
          jv(`charged ${charged}, finishers asked for ${exp.chargeCandidates.join(", ")}`);
      }
      if (exp?.cancelAccepted && settled && j.state !== "cancelled")
        jv("a cancel was accepted (200) but the job settled otherwise");
      if (family) {
        const evs = eventsByJob.get(j.id) ?? [];
        if (evs.length !== (settled ? 1 : 0)) jv(`${evs.length} terminal events: ${JSON.stringify(evs)}`);
        const ev = evs[0];
        if (settled && ev && (ev.type !== `${family}.${j.state}` || ev.charged !== j.seconds_charged))
          jv(`event ${JSON.stringify(ev)} does not match the settlement`);
      }
    }
  }
  return out;
}
