// Property test of the seconds invariants (issue: "available = plan + payg + free − reserved, never
// negative; ledger sums equal balances; no double charge"). fast-check generates wallets and lists of
// commands — create (reserving n, maybe more than the wallet holds), start, finish (charging m, maybe
// more than reserved), fail, cancel, and explicit races of one job finished and cancelled at once, or
// finished by two workers — executed in groups with real concurrency (Promise.all). Runs go through
// the real JobRunner, createJob, cancelJob and settleJob on this project's database; after every run
// the invariants are read back from the database (test/support/property-invariants.ts).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/contract/errors.js";
import { availableSeconds } from "../../src/domains/wallet/balance.js";
import { getWallet } from "../../src/domains/wallet/movements.js";
import { cancelJob } from "../../src/jobs/cancel.js";
import { createJob } from "../../src/jobs/create.js";
import { isTerminal } from "../../src/jobs/kinds.js";
import { JobRunner } from "../../src/jobs/runner.js";
import { settleJob } from "../../src/jobs/settle.js";
import { findJobById, isCancelRequested } from "../../src/jobs/store.js";
import { Harness, testDb } from "../../src/testutil/harness.js";
import { type JobExpectation, secondsViolations } from "../support/property-invariants.js";
import {
  PROPERTY_KIND,
  parkedRuns,
  type RunOutcome,
  seededAccount,
  steerableJob,
  whenParked,
} from "../support/property-jobs.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const MIN_COMMANDS = 10; // per run: RUNS × MIN_COMMANDS ≥ 1,000 interleaved commands
const MAX_COMMANDS = 24;
const INTERLEAVINGS = RUNS * MIN_COMMANDS;

type Command =
  | { t: "create"; acct: number; n: number }
  | { t: "start"; j: number }
  | { t: "finish"; j: number; m: number }
  | { t: "fail"; j: number; retryable: boolean }
  | { t: "cancel"; j: number }
  | { t: "finishAndCancel"; j: number; m: number }
  | { t: "finishTwice"; j: number; m1: number; m2: number };

const charge = fc.integer({ min: 0, max: 400 });
const job = fc.nat({ max: 1000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ t: fc.constant("create" as const), acct: fc.nat(3), n: fc.integer({ min: 0, max: 350 }) }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("start" as const), j: job }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("finish" as const), j: job, m: charge }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("fail" as const), j: job, retryable: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("cancel" as const), j: job }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("finishAndCancel" as const), j: job, m: charge }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("finishTwice" as const), j: job, m1: charge, m2: charge }) },
);
const wallet = fc.record({
  plan: fc.integer({ min: 0, max: 600 }),
  payg: fc.integer({ min: 0, max: 400 }),
  free: fc.integer({ min: 0, max: 200 }),
});
const scenario = fc.record({
  wallets: fc.array(wallet, { minLength: 1, maxLength: 2 }),
  commands: fc.array(command, { minLength: MIN_COMMANDS, maxLength: MAX_COMMANDS }),
  // Sizes of the concurrent groups the commands are cut into, in order.
  groupSizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: MAX_COMMANDS, maxLength: MAX_COMMANDS }),
});

interface JobModel extends JobExpectation {
  id: string;
  accountId: string;
  reserved: number;
  chargeCandidates: number[];
  cancelAccepted: boolean;
  /** Starts of one job take turns, so a parked run is known to belong to the latest start. */
  startLock: Promise<void>;
  /** The runner's execute() of the latest start. */
  currentRun?: Promise<void>;
}

let h: Harness;
let runner: JobRunner;
const stats = {
  runs: 0,
  commands: 0,
  concurrentGroups: 0,
  created: 0,
  refused402: 0,
  races: 0,
  cancelsAccepted: 0,
  cancelsWhileRunning: 0,
  cancelsRefused409: 0,
  succeeded: 0,
  failed: 0,
  cancelled: 0,
  ms: 0,
};

beforeAll(async () => {
  h = await Harness.start({ jobDefinitions: [steerableJob], workers: false });
  runner = new JobRunner(h.deps);
});
afterAll(async () => {
  // Release anything a failed run left parked, so the harness closes.
  for (const run of parkedRuns.values()) run.release({ kind: "fail", retryable: false });
  await h?.close();
});

/** Starts a run of the job through the real runner; resolves once it parked or ended. */
function start(job: JobModel): Promise<void> {
  const turn = job.startLock.then(async () => {
    if (parkedRuns.has(job.id)) return;
    const parked = whenParked(job.id);
    const done = runner.execute(job.id);
    job.currentRun = done; // set before the run can park: a parked run is always this one
    await Promise.race([parked, done]);
  });
  job.startLock = turn.catch(() => undefined);
  return turn;
}

/** What a worker whose run just ended does (the runner's own end, for a run the test did not park). */
async function workerSettles(job: JobModel, o: RunOutcome): Promise<void> {
  if (await isCancelRequested(h.db.kysely, job.id)) {
    await settleJob(h.deps, job.id, { state: "cancelled", reason: "cancelled while running" }, ["running"]);
  } else if (o.kind === "finish") {
    const output = { artifacts: [], durationSeconds: o.charge, chargeSeconds: o.charge };
    await settleJob(h.deps, job.id, { state: "succeeded", output }, ["running"]);
  } else {
    await settleJob(h.deps, job.id, { state: "failed", code: "render_failed", reason: "x", retryable: false }, [
      "running",
    ]);
  }
}

/** Ends the job's run with this outcome: its parked run if it has one, a fresh run if it is queued, else as another worker would. */
async function end(job: JobModel, o: RunOutcome): Promise<void> {
  if (o.kind === "finish") job.chargeCandidates.push(o.charge);
  let run = parkedRuns.get(job.id);
  if (!run) {
    const row = await findJobById(h.db.kysely, job.id);
    if (row?.state === "queued") {
      await start(job);
      run = parkedRuns.get(job.id);
    }
  }
  if (run && !run.released) {
    run.release(o);
    await job.currentRun;
    return;
  }
  await workerSettles(job, o);
}

async function cancel(job: JobModel): Promise<void> {
  try {
    const { job: row } = await cancelJob(h.deps, job.accountId, job.id, [PROPERTY_KIND]);
    expect(isTerminal(row.state) ? row.state : "cancelled").toBe("cancelled");
    job.cancelAccepted = true;
    stats.cancelsAccepted += 1;
    if (row.state === "running") stats.cancelsWhileRunning += 1;
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "already_settled") throw err;
    expect(err.status).toBe(409);
    stats.cancelsRefused409 += 1;
    const row = await findJobById(h.db.kysely, job.id);
    expect(isTerminal(row?.state ?? "")).toBe(true);
  }
}

async function create(accountIds: string[], jobs: JobModel[], c: { acct: number; n: number }, alone: boolean) {
  const accountId = accountIds[c.acct % accountIds.length] as string;
  const db = h.db.kysely;
  const before = alone ? await getWallet(db, accountId) : undefined;
  const ledgerBefore = alone
    ? (await db.selectFrom("ledger_entries").select("id").where("account_id", "=", accountId).execute()).length
    : 0;
  try {
    const { job, created } = await createJob(h.deps, {
      accountId,
      kind: PROPERTY_KIND,
      input: {},
      reserveSeconds: c.n,
      watermark: false,
      idempotencyKey: null,
      requestId: null,
    });
    expect(created).toBe(true);
    stats.created += 1;
    jobs.push({
      id: job.id,
      accountId,
      reserved: c.n,
      chargeCandidates: [],
      cancelAccepted: false,
      startLock: Promise.resolve(),
    });
    if (before) expect(c.n).toBeLessThanOrEqual(availableSeconds(before));
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "insufficient_seconds") throw err;
    stats.refused402 += 1;
    expect(err.status).toBe(402);
    expect(err.details).toMatchObject({ needed: c.n });
    expect(err.details?.available as number).toBeLessThan(c.n);
    if (before) {
      // Alone, the refusal is exactly predictable, and nothing changed: no job, no entry, same wallet.
      expect(c.n).toBeGreaterThan(availableSeconds(before));
      expect(await getWallet(db, accountId)).toEqual(before);
      const ledgerAfter = (
        await db.selectFrom("ledger_entries").select("id").where("account_id", "=", accountId).execute()
      ).length;
      expect(ledgerAfter).toBe(ledgerBefore);
    }
  }
}

async function execute(c: Command, pool: JobModel[], accountIds: string[], jobs: JobModel[], alone: boolean) {
  if (c.t === "create") return create(accountIds, jobs, c, alone);
  const job = pool[c.j % Math.max(1, pool.length)];
  if (!job) return; // nothing created yet: the command is void
  switch (c.t) {
    case "start":
      return start(job);
    case "finish":
      return end(job, { kind: "finish", charge: c.m });
    case "fail":
      return end(job, { kind: "fail", retryable: c.retryable });
    case "cancel":
      return cancel(job);
    case "finishAndCancel":
      stats.races += 1;
      await Promise.all([end(job, { kind: "finish", charge: c.m }), cancel(job)]);
      return;
    case "finishTwice":
      // The parked run and a second worker (a run taken over) finish the same job at once.
      stats.races += 1;
      job.chargeCandidates.push(c.m2);
      await Promise.all([
        end(job, { kind: "finish", charge: c.m1 }),
        workerSettles(job, { kind: "finish", charge: c.m2 }),
      ]);
      return;
  }
}

/** States of these jobs, in one query. */
async function statesOf(jobs: JobModel[]): Promise<Map<string, string>> {
  if (jobs.length === 0) return new Map();
  const ids = jobs.map((j) => j.id);
  const rows = await h.db.kysely.selectFrom("jobs").select(["id", "state"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.state]));
}

/** Everything still open is finished (or cancelled, where a cancel was asked for), so all settle. */
async function settleEverything(jobs: JobModel[]): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const states = await statesOf(jobs);
    const open = jobs.filter((job) => !isTerminal(states.get(job.id) ?? "succeeded"));
    if (open.length > 0)
      await Promise.all(open.map((job) => end(job, { kind: "finish", charge: Math.max(0, job.reserved - 1) })));
    // A run can park on a job another worker settled meanwhile: it wakes, finds it settled, changes nothing.
    const stray = jobs.filter((job) => parkedRuns.has(job.id));
    for (const job of stray) parkedRuns.get(job.id)?.release({ kind: "finish", charge: job.reserved });
    await Promise.all(stray.map((job) => job.currentRun));
    if (open.length === 0 && stray.length === 0) return;
  }
}

async function check(accountIds: string[], jobs: JobModel[], allSettled: boolean): Promise<void> {
  const db = h.db.kysely;
  const violations = await secondsViolations(db, accountIds, {
    expectations: new Map(jobs.map((j) => [j.id, j])),
    eventFamily: "render",
    allSettled,
  });
  // A refused create leaves nothing behind: the jobs are exactly the ones created.
  for (const accountId of accountIds) {
    const rows = await db.selectFrom("jobs").select("id").where("account_id", "=", accountId).execute();
    const known = jobs.filter((j) => j.accountId === accountId).map((j) => j.id);
    if (rows.length !== known.length || !rows.every((r) => known.includes(r.id)))
      violations.push(`account ${accountId}: ${rows.length} job rows, ${known.length} jobs created`);
  }
  expect(violations).toEqual([]);
}

describe(`settlement invariants under concurrency (${testDb()})`, () => {
  it(`hold over ${INTERLEAVINGS.toLocaleString("en")}+ random interleavings of create/start/finish/fail/cancel (${RUNS} runs × ${MIN_COMMANDS}–${MAX_COMMANDS} commands)`, async () => {
    const t0 = Date.now();
    await fc.assert(
      fc.asyncProperty(scenario, async ({ wallets, commands, groupSizes }) => {
        const accountIds: string[] = [];
        for (const w of wallets) accountIds.push(await seededAccount(h.db.kysely, h.clock.now(), w));
        const jobs: JobModel[] = [];
        try {
          let at = 0;
          for (let g = 0; at < commands.length; g++) {
            const group = commands.slice(at, at + (groupSizes[g % groupSizes.length] ?? 1));
            at += group.length;
            const pool = [...jobs];
            const alone = group.length === 1;
            if (!alone) stats.concurrentGroups += 1;
            await Promise.all(group.map((c) => execute(c, pool, accountIds, jobs, alone)));
            stats.commands += group.filter((c) => c.t === "create" || pool.length > 0).length;
          }
          // Mid-flight: some jobs queued, some parked running, the rest settled.
          await check(accountIds, jobs, false);
        } finally {
          await settleEverything(jobs);
        }
        await check(accountIds, jobs, true);
        for (const accountId of accountIds) expect((await getWallet(h.db.kysely, accountId))?.reserved_seconds).toBe(0);
        for (const state of (await statesOf(jobs)).values()) stats[state as "succeeded" | "failed" | "cancelled"] += 1;
        stats.runs += 1;
      }),
      { numRuns: RUNS },
    );
    stats.ms = Date.now() - t0;
    console.log(`[${testDb()}] settlement property: ${JSON.stringify(stats)}`);
    expect(stats.commands).toBeGreaterThanOrEqual(INTERLEAVINGS);
  }, 300_000);
});
