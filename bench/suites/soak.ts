// Soak: does one process stay healthy under steady use? Self-hosters run one process for weeks; what
// hurts them is a leak (memory, file descriptors, Chromium processes, database handles) or a slow drift
// in latency, not the peak rate. So this runs the service as `clipwright serve` does (API + embedded
// worker in one process: bench/servers/service.ts with BENCH_WORKERS=1; SQLite, or PostgreSQL when
// DATABASE_URL is set) under a steady, realistic load for a while, and compares its end with its start.
//
//   SOAK_MINUTES (default 10)  minutes of measured load; SOAK_MINUTES=1 is a quick validation run.
//                              Windows are a tenth of it (15 to 60 s); the warm-up before it is half
//                              of it, at most 4 minutes (whole windows); the idle pauses 15 to 45 s.
//                              The 4 minutes are there for Chromium: about 3 minutes after launch it
//                              starts a process of its own (utility OnDeviceModelService, idle or not),
//                              which belongs in the warm-up reading, not among what the load left.
//
// Workload: 4 virtual clients at 40 req/s each (160 req/s offered), each request paced, in decks of
// 100 requests shuffled per deck: two thirds reads (GET /account, wallet, ledger pages, job lists,
// catalogue, usage, webhook list); writes with Idempotency-Key (a webhook endpoint registered, sent a
// test event, the test replayed with its key, the key reused with another body, the delivery awaited
// at the receiver, the endpoint's log read and the endpoint deleted; an API key created through a
// dashboard session, replayed, used, refused a scope it lacks, revoked and refused); refusals (bad
// bodies, a missing Idempotency-Key, unknown ids, a bad cursor, an API key where only a session may
// go, a bad token), each checked for its status and spec error code; every fourth deck a sign-in and
// sign-out. Beside them, one storyboard plan of the fixture site (test/support/site-server.ts) at the
// start of every window, polled until settled, so Chromium and the job runner work all along; its
// storyboard.* events and every test event go to a real receiver (bench/lib/receiver.ts).
//
// Timeline: warm-up load → idle → *warm-up reading* → measured load (windows) → jobs settle → idle →
// *after-idle reading*. Every 5 s the bench reads the service process from /proc (RSS, open file
// descriptors by kind, descendant processes and zombies), the SQLite file and its WAL, and GET /metrics
// (series count; the service's own count of 5xx answers). The service exposes no V8 heap figures (no
// default Prometheus collectors), so the heap is left out.
//
// Targets (a missed one is reported, never lowered): zero 5xx; every refusal with its status and spec
// code; RSS slope over the second half of the load ≤ 50 MB/h; RSS after idle ÷ the warm-up reading
// ≤ 1.3; p99 of the last window ≤ 1.5 × the first window's; file descriptors after idle within +10 of
// the warm-up reading; descendant processes after idle = the warm-up reading's, no zombie; every job
// settled (none stuck queued or running); every webhook delivered; no other unexpected answer.
//
// The parts: bench/lib/soak-settings.ts (timeline, load, targets), soak-record.ts (what the run records),
// soak-client.ts (one paced client), soak-workload.ts (the operations and the loops), soak-sampler.ts
// (the readings of the service) and soak-report.ts (the tables and the checks).
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startSite } from "../../test/support/site-server.js";
import { apiClient } from "../lib/api-client.js";
import { msText } from "../lib/latency.js";
import { BenchError } from "../lib/load.js";
import { startReceiver } from "../lib/receiver.js";
import { int, load } from "../lib/report.js";
import { startServer } from "../lib/server.js";
import { Client } from "../lib/soak-client.js";
import { Run } from "../lib/soak-record.js";
import { type Outcomes, report } from "../lib/soak-report.js";
import { type SoakInfo, sampleNow, startSampler } from "../lib/soak-sampler.js";
import { IDLE_S, MEASURED_S, MINUTES, OFFERED, WARMUP_WINDOWS, WINDOW_S, WINDOWS } from "../lib/soak-settings.js";
import { loadFor, type World } from "../lib/soak-workload.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const SERVER = resolve(import.meta.dirname, "../servers/service.ts");

/** Every storyboard of the account, through the list's pages. */
async function allPlans(c: Client): Promise<{ id: string; state: string }[]> {
  const found: { id: string; state: string }[] = [];
  let cursor: string | undefined;
  do {
    const path = `/storyboards?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page = await c.send("GET /storyboards (final)", { status: 200 }, "GET", path);
    if (page?.status !== 200) throw new BenchError(`GET /storyboards answered ${page?.status ?? "nothing"}`);
    found.push(...(page.body.data as { id: string; state: string }[]));
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

async function soak(): Promise<Outcomes> {
  const db = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const receiver = await startReceiver();
  const site = await startSite();
  const server = await startServer(SERVER, { BENCH_DB: db, BENCH_WORKERS: "1" }).catch(async (err: unknown) => {
    await Promise.all([receiver.close(), site.close()]);
    throw err;
  });
  const run = new Run();
  let sampler: ReturnType<typeof startSampler> | undefined;
  try {
    const info = server.info as unknown as SoakInfo;
    const api = apiClient(server.base, info.key);
    // The job events go to one endpoint for the whole run; its secret is the receiver's first.
    const events = ["storyboard.succeeded", "storyboard.failed", "storyboard.cancelled"];
    const hook = await api.expect(201, "POST", "/webhooks", { url: receiver.url, events });
    receiver.reset(hook.body.secret);
    const signIn = await api.call(
      "POST",
      "/auth/sessions",
      { email: info.email, password: info.password },
      {
        idempotencyKey: null,
      },
    );
    if (signIn.status !== 201) throw new BenchError(`POST /auth/sessions answered ${signIn.status}`);
    const w: World = {
      run,
      receiver,
      siteUrl: site.url,
      session: signIn.body.token,
      email: info.email,
      password: info.password,
    };
    sampler = startSampler(run, server, info);

    console.log(`  warm-up: ${WARMUP_WINDOWS * WINDOW_S} s of load, then ${IDLE_S} s idle`);
    await loadFor(w, api, WARMUP_WINDOWS * WINDOW_S * 1000, () => {});
    await sleep(IDLE_S * 1000);
    sampler.check();
    const warm = await sampleNow(run, server, info);

    console.log(`  measured: ${WINDOWS} windows of ${WINDOW_S} s at ${OFFERED} req/s offered`);
    run.phase = "measured";
    run.measuredStart = performance.now();
    let ended = 0;
    const progress = setInterval(() => {
      const i = ended++;
      const t = run.windows[i];
      if (!t) return;
      const s = run.samples.at(-1);
      console.log(
        `  window ${i + 1}/${WINDOWS}  ${int(t.requests)} requests  p99 ${msText(t.latency(99))}  failures ${t.failures}` +
          (s ? `  RSS ${s.figures.rssMb.toFixed(0)} MB  FDs ${s.figures.fds}  processes ${s.figures.children}` : ""),
      );
    }, WINDOW_S * 1000);
    await loadFor(w, api, MEASURED_S * 1000, () => {
      run.phase = "after";
      clearInterval(progress);
    });
    clearInterval(progress);
    console.log(`  load ended; ${IDLE_S} s idle`);
    await sleep(IDLE_S * 1000);
    sampler.check();
    const idle = await sampleNow(run, server, info);
    sampler.stop();

    const final = new Client(run, api, 0);
    const plans = await allPlans(final);
    const stuck = plans.filter((p) => p.state === "queued" || p.state === "running").length;
    const failedPlans = plans.filter((p) => p.state !== "succeeded" && p.state !== "queued" && p.state !== "running");
    const undelivered = [
      ...run.tests.filter((t) => !receiver.arrivals.has(t.eventId)).map((t) => `test event ${t.eventId}`),
      ...plans
        .filter((p) => p.state !== "queued" && p.state !== "running" && !receiver.arrivals.has(p.id))
        .map((p) => `storyboard.${p.state} of ${p.id}`),
    ];
    const stopping = performance.now();
    await server.stop();
    return {
      run,
      db,
      version: info.version,
      warm,
      idle,
      stuck,
      failedPlans: failedPlans.length,
      undelivered,
      receiverProblems: [...receiver.problems],
      stopSeconds: (performance.now() - stopping) / 1000,
    };
  } finally {
    sampler?.stop();
    await server.stop();
    await Promise.all([receiver.close(), site.close()]);
  }
}

async function runSuite(ctx: { command: string }): Promise<SuiteResult> {
  if (!(MINUTES > 0)) throw new BenchError(`SOAK_MINUTES must be a positive number, not "${process.env.SOAK_MINUTES}"`);
  const loadBefore = load();
  const outcomes = await soak();
  return report(ctx.command, `${loadBefore} at start, ${load()} at end`, outcomes);
}

export const soakSuite: Suite = { name: "soak", title: "one process under hours of steady use", run: runSuite };
