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
import { randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startSite } from "../../test/support/site-server.js";
import { type Answer, type ApiClient, apiClient, type CallOptions } from "../lib/api-client.js";
import { msText, percentile } from "../lib/latency.js";
import { BenchError } from "../lib/load.js";
import { fileMb, type ProcessFigures, processFigures } from "../lib/process-figures.js";
import { epochMs, type Receiver, startReceiver } from "../lib/receiver.js";
import { int, load, machine, table } from "../lib/report.js";
import { type RunningServer, startServer } from "../lib/server.js";
import { classify, type Expectation, mean, type Outcome, slope, Tally, total } from "../lib/soak-stats.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const MINUTES = Number(process.env.SOAK_MINUTES || 10);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const LOAD_S = Math.round(MINUTES * 60);
const WINDOW_S = clamp(Math.round(LOAD_S / 10), 15, 60);
const WINDOWS = Math.max(2, Math.round(LOAD_S / WINDOW_S));
/** The measured load: whole windows (SOAK_MINUTES rounded to them). */
const MEASURED_S = WINDOWS * WINDOW_S;
const WARMUP_WINDOWS = clamp(Math.round(Math.min(LOAD_S / 2, 240) / WINDOW_S), 1, Math.floor(240 / WINDOW_S));
const IDLE_S = clamp(Math.round(LOAD_S / 10), 15, 45);
const SAMPLE_S = 5;
const CLIENTS = 4;
const RATE_PER_CLIENT = 40;
const OFFERED = CLIENTS * RATE_PER_CLIENT;
/** How long a plan may take before it counts as stuck (the machine is shared; plans take ~5–10 s). */
const PLAN_TIMEOUT_S = 180;
/** How long a test event may take to reach the receiver before it counts as not delivered. */
const DELIVERY_TIMEOUT_S = 30;

const TARGETS = { slopeMbPerHour: 50, rssRatio: 1.3, p99Ratio: 1.5, fdsOver: 10 };

const SERVER = resolve(import.meta.dirname, "../servers/service.ts");
const HINT = "Show how it works, then the features and the pricing page";

interface Sample {
  /** Seconds since the measured load started (negative during the warm-up). */
  at: number;
  /** The measured window it fell in; -1 outside the measured load. */
  window: number;
  figures: ProcessFigures;
  dbMb: number;
  walMb: number;
  /** Lines of GET /metrics that are series (not comments). */
  series: number;
  /** The service's own count of 5xx answers so far (clipwright_http_request_duration_seconds_count). */
  server5xx: number;
  /** The machine's 1-minute load average: neighbours skew latencies on a shared machine. */
  loadAverage: number;
}

interface Plan {
  id: string;
  /** Measured window it was submitted in; -1 in the warm-up. */
  window: number;
  state: string;
  seconds: number;
}

interface TestEvent {
  window: number;
  eventId: string;
  /** Send (202 answered) to first arrival at the receiver, ms; NaN while it has not arrived. */
  delayMs: number;
}

/** Everything the run records; the clients write into the tally of the window they are in. */
class Run {
  readonly warmup = new Tally();
  readonly windows = Array.from({ length: WINDOWS }, () => new Tally());
  readonly after = new Tally();
  readonly samples: Sample[] = [];
  readonly plans: Plan[] = [];
  readonly tests: TestEvent[] = [];
  /** Per request label and outcome: how many, and the first problem's text. */
  readonly problems = new Map<string, { outcome: Outcome; count: number; example: string }>();
  phase: "warmup" | "measured" | "after" = "warmup";
  measuredStart = Number.POSITIVE_INFINITY;

  /** The measured window at `now` (performance.now()), or -1 outside the measured load. */
  window(now = performance.now()): number {
    if (this.phase !== "measured") return -1;
    return clamp(Math.floor((now - this.measuredStart) / 1000 / WINDOW_S), 0, WINDOWS - 1);
  }

  tally(now = performance.now()): Tally {
    if (this.phase === "warmup") return this.warmup;
    if (this.phase === "after") return this.after;
    return this.windows[this.window(now)] as Tally;
  }

  note(what: string, outcome: Outcome, problem: string): void {
    const key = `${outcome} ${what}`;
    const known = this.problems.get(key);
    if (known) known.count++;
    else this.problems.set(key, { outcome, count: 1, example: problem });
  }
}

/** One virtual client: its requests paced at a steady rate, each timed, classed and tallied. */
class Client {
  private next = performance.now();

  constructor(
    private readonly run: Run,
    private readonly api: ApiClient,
    private readonly interval: number,
  ) {}

  async send(
    what: string,
    expected: Expectation,
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    opts?: CallOptions,
  ): Promise<Answer | undefined> {
    await this.pace();
    const started = performance.now();
    const tally = this.run.tally(started);
    let answer: Answer | Error;
    try {
      answer = await this.api.call(method, path, body, opts);
    } catch (err) {
      answer = err instanceof Error ? err : new Error(String(err));
    }
    const classed = classify(what, expected, answer);
    tally.add(classed.outcome, answer instanceof Error ? performance.now() - started : answer.ms);
    if (classed.problem) this.run.note(what, classed.outcome, classed.problem);
    return answer instanceof Error ? undefined : answer;
  }

  /** Waits for this client's next slot; one that fell more than a second behind does not burst to catch up. */
  private async pace(): Promise<void> {
    if (this.interval <= 0) return;
    const now = performance.now();
    if (this.next < now - 1000) this.next = now;
    const wait = this.next - now;
    this.next += this.interval;
    if (wait > 0) await sleep(wait);
  }
}

interface World {
  run: Run;
  receiver: Receiver;
  siteUrl: string;
  /** A dashboard session of the account (sess_…): the only credential the keys operations take. */
  session: string;
  email: string;
  password: string;
}

const idem = () => `soak-${randomBytes(8).toString("hex")}`;
/** The answer is a replay of `first`: Idempotent-Replayed, and the same `field` of the body. */
const replayOf =
  (first: Answer, field: (body: any) => unknown): Expectation["check"] =>
  (a) =>
    !a.replayed
      ? "no Idempotent-Replayed header on a replay"
      : field(a.body) !== field(first.body)
        ? "a replay answered another resource"
        : undefined;

type Op = (c: Client, w: World) => Promise<unknown>;

const read =
  (path: string, what = `GET ${path}`): Op =>
  (c) =>
    c.send(what, { status: 200 }, "GET", path);

const refused =
  (
    what: string,
    status: number,
    code: string,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    opts?: CallOptions,
  ): Op =>
  (c) =>
    c.send(what, { status, code }, method, path, body, opts);

/** Two pages of the ledger, the second through the first's cursor. */
const ledgerPages: Op = async (c) => {
  const first = await c.send("GET /wallet/ledger?limit=5", { status: 200 }, "GET", "/wallet/ledger?limit=5");
  const cursor = first?.body?.nextCursor;
  const path = cursor ? `/wallet/ledger?limit=5&cursor=${encodeURIComponent(cursor)}` : "/wallet/ledger?limit=5";
  await c.send("GET /wallet/ledger?cursor=…", { status: 200 }, "GET", path);
};

/** Waits (outside any request's time) for a test event to reach the receiver. */
async function awaitDelivery(w: World, event: TestEvent, sentAt: number): Promise<void> {
  const until = performance.now() + DELIVERY_TIMEOUT_S * 1000;
  while (performance.now() < until) {
    const arrival = w.receiver.arrivals.get(event.eventId);
    if (arrival) {
      event.delayMs = arrival.at - sentAt;
      return;
    }
    await sleep(20);
  }
}

/** Register an endpoint, send it a test event, replay that, misuse the key, read the log, delete it: 6 requests. */
const webhookCycle: Op = async (c, w) => {
  const body = { url: w.receiver.url, events: ["webhook.test"], description: "soak" };
  const key = idem();
  const made = await c.send("POST /webhooks", { status: 201 }, "POST", "/webhooks", body, { idempotencyKey: key });
  if (made?.status !== 201) return;
  const id = made.body.endpoint.id as string;
  const secret = made.body.secret as string;
  w.receiver.trust(secret);
  await c.send(
    "POST /webhooks, its key with another body",
    { status: 409, code: "idempotency_conflict" },
    "POST",
    "/webhooks",
    { ...body, description: "another" },
    { idempotencyKey: key },
  );
  const testKey = idem();
  const test = `/webhooks/${id}/test`;
  const sent = await c.send("POST /webhooks/{id}/test", { status: 202 }, "POST", test, {}, { idempotencyKey: testKey });
  if (sent?.status === 202) {
    const sentAt = epochMs();
    const event: TestEvent = { window: w.run.window(), eventId: sent.body.eventId, delayMs: Number.NaN };
    w.run.tests.push(event);
    const check = replayOf(sent, (b) => b?.eventId);
    await c.send(
      "POST /webhooks/{id}/test, replayed",
      { status: 202, check },
      "POST",
      test,
      {},
      { idempotencyKey: testKey },
    );
    await awaitDelivery(w, event, sentAt);
  }
  await c.send("GET /webhooks/{id}/deliveries", { status: 200 }, "GET", `/webhooks/${id}/deliveries?limit=10`);
  await c.send("DELETE /webhooks/{id}", { status: 200 }, "DELETE", `/webhooks/${id}`);
  w.receiver.forget(secret);
};

/** Through the session: create a narrow key, replay, use it, overreach, revoke it, use it again: 6 requests. */
const keyCycle: Op = async (c, w) => {
  const body = { name: "soak", scopes: ["account:read"] };
  const opts = { token: w.session, idempotencyKey: idem() };
  const made = await c.send("POST /keys", { status: 201 }, "POST", "/keys", body, opts);
  if (made?.status !== 201) return;
  const check = replayOf(made, (b) => b?.key?.id);
  await c.send("POST /keys, replayed", { status: 201, check }, "POST", "/keys", body, opts);
  const secret = made.body.secret as string;
  await c.send("GET /account (new key)", { status: 200 }, "GET", "/account", undefined, { token: secret });
  const scope = { status: 403, code: "forbidden_scope" };
  await c.send("GET /wallet (key without wallet:read)", scope, "GET", "/wallet", undefined, { token: secret });
  const revoke = `/keys/${made.body.key.id}/revoke`;
  await c.send("POST /keys/{id}/revoke", { status: 200 }, "POST", revoke, {}, { token: w.session });
  const gone = { status: 401, code: "unauthorized" };
  await c.send("GET /account (revoked key)", gone, "GET", "/account", undefined, { token: secret });
};

/** Sign in, read as the session, sign out: 3 requests (one password check). */
const sessionCycle: Op = async (c, w) => {
  const creds = { email: w.email, password: w.password };
  const made = await c.send("POST /auth/sessions", { status: 201 }, "POST", "/auth/sessions", creds, {
    idempotencyKey: null,
  });
  if (made?.status !== 201) return;
  const token = made.body.token as string;
  await c.send("GET /account (session)", { status: 200 }, "GET", "/account", undefined, { token });
  await c.send("DELETE /auth/sessions/current", { status: 204 }, "DELETE", "/auth/sessions/current", undefined, {
    token,
    idempotencyKey: null,
  });
};

const validWebhook = (w: World) => ({ url: w.receiver.url, events: ["webhook.test"] });

/** One deck: 82 cards making 100 requests (a cycle makes 6, the ledger pages 2), shuffled. */
function deck(): Op[] {
  const ops: [Op, number][] = [
    // Reads: 66 requests.
    [read("/account"), 10],
    [read("/wallet"), 6],
    [read("/wallet/ledger?limit=20"), 8],
    [ledgerPages, 3],
    [read("/renders?limit=20"), 6],
    [read("/storyboards?limit=20"), 8],
    [read("/catalog/plans"), 6],
    [read("/catalog/voices"), 4],
    [read("/catalog/render-options"), 4],
    [read("/usage"), 4],
    [read("/webhooks"), 4],
    // Writes: 18 requests (with their replays, misuse and refusals).
    [webhookCycle, 2],
    [keyCycle, 1],
    // Refusals: 16 requests.
    [refused("POST /webhooks, bad body", 400, "validation_failed", "POST", "/webhooks", { url: 42, events: [] }), 3],
    [
      (c, w) =>
        c.send(
          "POST /webhooks without Idempotency-Key",
          { status: 400, code: "idempotency_key_required" },
          "POST",
          "/webhooks",
          validWebhook(w),
          { idempotencyKey: null },
        ),
      2,
    ],
    [(c) => c.send("GET /renders/{unknown}", { status: 404, code: "not_found" }, "GET", `/renders/${randomUUID()}`), 2],
    [
      (c) =>
        c.send("GET /storyboards/{unknown}", { status: 404, code: "not_found" }, "GET", `/storyboards/${randomUUID()}`),
      2,
    ],
    [
      (c) =>
        c.send(
          "POST /webhooks/{unknown}/test",
          { status: 404, code: "not_found" },
          "POST",
          `/webhooks/${randomUUID()}/test`,
          {},
        ),
      2,
    ],
    [
      refused("POST /keys with an API key", 403, "forbidden_scope", "POST", "/keys", {
        name: "x",
        scopes: ["account:read"],
      }),
      2,
    ],
    [refused("GET /wallet/ledger, bad cursor", 400, "invalid_cursor", "GET", "/wallet/ledger?cursor=not-a-cursor"), 2],
    [
      refused("GET /account, bad token", 401, "unauthorized", "GET", "/account", undefined, { token: "svc_live_nope" }),
      1,
    ],
  ];
  const cards = ops.flatMap(([op, n]) => Array.from({ length: n }, () => op));
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j] as Op, cards[i] as Op];
  }
  return cards;
}

/** One client's loop until `until` (performance.now()): decks, with a session cycle every fourth. */
async function clientLoop(c: Client, w: World, until: number): Promise<void> {
  for (let n = 0; performance.now() < until; n++) {
    for (const op of deck()) {
      if (performance.now() >= until) return;
      await op(c, w);
    }
    if (n % 4 === 3 && performance.now() < until) await sessionCycle(c, w);
  }
}

/** One plan at the start of every window from `from` until `until`, each polled every second until settled. */
async function planLoop(c: Client, w: World, from: number, until: number): Promise<void> {
  for (let due = from; due < until; due += WINDOW_S * 1000) {
    if (due > performance.now()) await sleep(due - performance.now());
    const started = performance.now();
    // Filed under the window it was due in: a timer may fire a hair before performance.now() reaches `due`.
    const window = w.run.window(Math.max(started, due + 1));
    const body = { url: `${w.siteUrl}/`, hint: HINT };
    const made = await c.send("POST /storyboards", { status: 202 }, "POST", "/storyboards", body);
    if (made?.status !== 202) continue;
    const plan: Plan = { id: made.body.id, window, state: made.body.state, seconds: Number.NaN };
    w.run.plans.push(plan);
    while (plan.state === "queued" || plan.state === "running") {
      if (performance.now() - started > PLAN_TIMEOUT_S * 1000) break;
      await sleep(1000);
      const got = await c.send("GET /storyboards/{id}", { status: 200 }, "GET", `/storyboards/${plan.id}`);
      if (got?.status === 200) plan.state = got.body.state;
    }
    plan.seconds = (performance.now() - started) / 1000;
  }
}

/** The clients and the plans for `ms` from now; `ended` runs when the clients stop, before the last plan settles. */
async function loadFor(w: World, api: ApiClient, ms: number, ended: () => void): Promise<void> {
  const from = performance.now();
  const until = from + ms;
  const plans = planLoop(new Client(w.run, api, 0), w, from, until);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      // Staggered, so the clients' slots interleave instead of landing together.
      await sleep((i * 1000) / OFFERED);
      await clientLoop(new Client(w.run, api, 1000 / RATE_PER_CLIENT), w, until);
    }),
  );
  ended();
  await plans;
}

interface SoakInfo {
  key: string;
  version: string;
  metricsPort: number;
  /** The SQLite file; absent on PostgreSQL. */
  sqlite?: string;
  email: string;
  password: string;
}

async function sampleNow(run: Run, server: RunningServer, info: SoakInfo): Promise<Sample> {
  const now = performance.now();
  const figures = processFigures(server.pid);
  const dbMb = info.sqlite ? fileMb(info.sqlite) : Number.NaN;
  const walMb = info.sqlite ? fileMb(`${info.sqlite}-wal`) : Number.NaN;
  const res = await fetch(`http://127.0.0.1:${info.metricsPort}/metrics`);
  if (res.status !== 200) throw new BenchError(`GET /metrics answered ${res.status}`);
  const lines = (await res.text()).split("\n").filter((l) => l && !l.startsWith("#"));
  const server5xx = lines
    .filter((l) => l.startsWith("clipwright_http_request_duration_seconds_count{") && /status="5\d\d"/.test(l))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
  return {
    at: (now - run.measuredStart) / 1000,
    window: run.window(now),
    figures,
    dbMb: dbMb + walMb,
    walMb,
    series: lines.length,
    server5xx,
    loadAverage: loadavg()[0] ?? Number.NaN,
  };
}

/** Samples every SAMPLE_S seconds; a sample that cannot be taken (the service died) stops the run. */
function startSampler(run: Run, server: RunningServer, info: SoakInfo) {
  let failure: unknown;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      run.samples.push(await sampleNow(run, server, info));
    } catch (err) {
      failure ??= err;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(tick, SAMPLE_S * 1000);
  void tick();
  return {
    check() {
      if (failure) throw new BenchError(`the service could not be read: ${String(failure)}`);
    },
    stop: () => clearInterval(timer),
  };
}

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

interface Outcomes {
  run: Run;
  db: string;
  version: string;
  warm: Sample;
  idle: Sample;
  /** Storyboards still queued or running after the final idle. */
  stuck: number;
  failedPlans: number;
  /** Test events and job events that never reached the receiver. */
  undelivered: string[];
  receiverProblems: string[];
  stopSeconds: number;
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

const mb = (n: number) => (Number.isNaN(n) ? "—" : n < 10 ? n.toFixed(1) : n.toFixed(0));
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : "—");
const fdText = (f: ProcessFigures) =>
  `${f.fds} (${f.fdKinds.socket} sockets, ${f.fdKinds.pipe} pipes, ${f.fdKinds.anon} anon, ${f.fdKinds.file} files)`;
const kindsText = (f: ProcessFigures) =>
  Object.entries(f.kinds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ") || "none";
const procText = (f: ProcessFigures) => `${f.children}${f.zombies ? ` (${f.zombies} zombies)` : ""}`;

/** Up to 12 windows, evenly spread, first and last included. */
function shownWindows(): number[] {
  if (WINDOWS <= 12) return Array.from({ length: WINDOWS }, (_, i) => i);
  return [...new Set(Array.from({ length: 12 }, (_, i) => Math.round((i * (WINDOWS - 1)) / 11)))];
}

function report(command: string, loadText: string, o: Outcomes): SuiteResult {
  const { run, warm, idle } = o;
  const first = run.windows[0] as Tally;
  const last = run.windows[WINDOWS - 1] as Tally;
  const inWindow = (i: number) => run.samples.filter((s) => s.window === i);
  const rssMean = (i: number) => mean(inWindow(i).map((s) => s.figures.rssMb));
  const anonMean = (i: number) => mean(inWindow(i).map((s) => s.figures.rssAnonMb));
  const most = (i: number, f: (s: Sample) => number) => Math.max(...inWindow(i).map(f));
  const lastOf = (i: number, f: (s: Sample) => number) => {
    const s = inWindow(i).at(-1);
    return s ? f(s) : Number.NaN;
  };
  const plansIn = (i: number) => run.plans.filter((p) => p.window === i).map((p) => p.seconds);
  const deliveryIn = (i: number) =>
    run.tests.filter((t) => t.window === i && !Number.isNaN(t.delayMs)).map((t) => t.delayMs);
  const rps = (t: Tally) => t.requests / WINDOW_S;

  // The windows' table, column by column: its heading and its cell for window i.
  const columns: [string, (i: number) => string][] = [
    ["Window", (i) => `${i + 1}`],
    ["req/s", (i) => int(rps(run.windows[i] as Tally))],
    ["p50", (i) => msText((run.windows[i] as Tally).latency(50))],
    ["p99", (i) => msText((run.windows[i] as Tally).latency(99))],
    [
      "5xx / wrong refusal / unexpected / no answer",
      (i) => {
        const c = (run.windows[i] as Tally).counts;
        return `${c["5xx"]} / ${c["wrong-refusal"]} / ${c.unexpected} / ${c["no-answer"]}`;
      },
    ],
    [
      "plan (submit → settled)",
      (i) =>
        plansIn(i)
          .map((s) => `${s.toFixed(0)} s`)
          .join(", ") || "—",
    ],
    ["test delivery p50", (i) => msText(percentile(deliveryIn(i), 50))],
    ["RSS MB (mean)", (i) => mb(rssMean(i))],
    ["FDs (max)", (i) => `${most(i, (s) => s.figures.fds)}`],
    ["processes (max)", (i) => `${most(i, (s) => s.figures.children)}`],
    ...(o.db === "sqlite"
      ? [["SQLite + WAL MB", (i: number) => mb(lastOf(i, (s) => s.dbMb))] as [string, (i: number) => string]]
      : []),
    ["load average", (i) => lastOf(i, (s) => s.loadAverage).toFixed(1)],
  ];
  const windowTable = table(
    columns.map(([heading]) => heading),
    shownWindows().map((i) => columns.map(([, cell]) => cell(i))),
  );

  // Figures of the first and last windows side by side, with the quiet readings where there are some.
  const L = WINDOWS - 1;
  const side = (
    label: string,
    warmText: string,
    f: (i: number) => number,
    fmt: (n: number) => string,
    idleText: string,
  ) => [label, warmText, fmt(f(0)), fmt(f(L)), times(f(L) / f(0)), idleText];
  const fromTally = (label: string, f: (t: Tally) => number, fmt: (n: number) => string) =>
    side(label, "—", (i) => f(run.windows[i] as Tally), fmt, "—");
  const maxOnly = (n: number) => `${n} max`;
  const figuresTable = table(
    ["Figure", "warm-up reading", "first window", "last window", "last ÷ first", "after idle"],
    [
      side("RSS MB (mean)", mb(warm.figures.rssMb), rssMean, mb, mb(idle.figures.rssMb)),
      side(
        "of which anonymous MB (heap, malloc)",
        mb(warm.figures.rssAnonMb),
        anonMean,
        mb,
        mb(idle.figures.rssAnonMb),
      ),
      side(
        "open file descriptors",
        fdText(warm.figures),
        (i) => most(i, (s) => s.figures.fds),
        maxOnly,
        fdText(idle.figures),
      ),
      side(
        "processes below the service",
        procText(warm.figures),
        (i) => most(i, (s) => s.figures.children),
        maxOnly,
        procText(idle.figures),
      ),
      ...(o.db === "sqlite"
        ? [
            side("SQLite + WAL MB (window's end)", mb(warm.dbMb), (i) => lastOf(i, (s) => s.dbMb), mb, mb(idle.dbMb)),
            side("of which WAL MB", mb(warm.walMb), (i) => lastOf(i, (s) => s.walMb), mb, mb(idle.walMb)),
          ]
        : []),
      side("metrics series", `${warm.series}`, (i) => lastOf(i, (s) => s.series), String, `${idle.series}`),
      fromTally("requests/s", rps, int),
      fromTally("latency p50", (t) => t.latency(50), msText),
      fromTally("latency p99", (t) => t.latency(99), msText),
      side("test delivery p99", "—", (i) => percentile(deliveryIn(i), 99), msText, "—"),
    ],
  );

  const all = total([run.warmup, ...run.windows, run.after]);
  const measured = total(run.windows);
  const server5xx = idle.server5xx;
  const half = run.samples.filter((s) => s.window >= 0 && s.at >= MEASURED_S / 2);
  const rssSlope = slope(half.map((s) => [s.at / 3600, s.figures.rssMb] as const));
  const anonSlope = slope(half.map((s) => [s.at / 3600, s.figures.rssAnonMb] as const));
  const rssRatio = idle.figures.rssMb / warm.figures.rssMb;
  const p99Ratio = last.latency(99) / first.latency(99);
  const fdsOver = idle.figures.fds - warm.figures.fds;
  const refusals = all.counts.refused + all.counts["wrong-refusal"];

  const checks: string[][] = [];
  const missed: string[] = [];
  const check = (what: string, target: string, measuredText: string, ok: boolean) => {
    checks.push([what, target, measuredText, ok ? "PASS" : "**MISSED**"]);
    if (!ok) missed.push(`${what}: ${measuredText} (target ${target})`);
  };
  check(
    "5xx answers, whole run",
    "0",
    `${all.counts["5xx"]} (service's own count: ${server5xx})`,
    all.counts["5xx"] === 0 && server5xx === 0,
  );
  check(
    "refusals with their status and spec code",
    "all",
    `${int(all.counts.refused)} of ${int(refusals)}`,
    all.counts["wrong-refusal"] === 0,
  );
  check(
    "other unexpected answers (status, replay) or none at all",
    "0",
    `${all.counts.unexpected} unexpected, ${all.counts["no-answer"]} unanswered`,
    all.counts.unexpected + all.counts["no-answer"] === 0,
  );
  check(
    `RSS slope, second half of the load (${half.length} samples)`,
    `≤ ${TARGETS.slopeMbPerHour} MB/h`,
    `${rssSlope.toFixed(1)} MB/h`,
    rssSlope <= TARGETS.slopeMbPerHour,
  );
  checks.push(["of which anonymous memory (heap, malloc)", "information", `${anonSlope.toFixed(1)} MB/h`, "—"]);
  check("RSS after idle ÷ warm-up reading", `≤ ${TARGETS.rssRatio}`, times(rssRatio), rssRatio <= TARGETS.rssRatio);
  check("p99 last window ÷ first window", `≤ ${TARGETS.p99Ratio}`, times(p99Ratio), p99Ratio <= TARGETS.p99Ratio);
  check(
    "open FDs after idle − warm-up reading",
    `≤ +${TARGETS.fdsOver}`,
    `${fdsOver >= 0 ? "+" : ""}${fdsOver}`,
    fdsOver <= TARGETS.fdsOver,
  );
  check(
    "processes below the service after idle",
    `= warm-up (${warm.figures.children}), no zombie`,
    procText(idle.figures),
    idle.figures.children === warm.figures.children && idle.figures.zombies === 0,
  );
  check(
    "storyboard plans settled",
    "none stuck",
    `${o.stuck} stuck of ${run.plans.length} (${o.failedPlans} failed)`,
    o.stuck === 0,
  );
  check(
    "webhooks delivered (test events + job events)",
    "all",
    `${o.undelivered.length} missing of ${run.tests.length + run.plans.length}`,
    o.undelivered.length === 0,
  );
  checks.push(["requests/s over the measured load", `${OFFERED} offered`, int(measured.requests / MEASURED_S), "—"]);
  checks.push(["service stop after the run (SIGTERM → exit)", "information", `${o.stopSeconds.toFixed(1)} s`, "—"]);

  const problems = [...run.problems.entries()]
    .filter(([, p]) => p.outcome !== "ok")
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, 8)
    .map(([, p]) => `- ${p.outcome} × ${p.count}: ${p.example}`);
  const notes = [
    ...problems,
    ...o.undelivered.slice(0, 5).map((u) => `- not delivered: ${u}`),
    ...o.receiverProblems.slice(0, 5).map((p) => `- receiver: ${p}`),
  ];

  const share = (n: number) => `${((n / Math.max(1, measured.requests)) * 100).toFixed(0)} %`;
  const markdown = [
    "## soak: one process under steady use",
    "",
    `Command: \`SOAK_MINUTES=${MINUTES} ${command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machine()} · load average (1 min) ${loadText} · ${o.version}`,
    "",
    "The service runs as `clipwright serve` does, in one child process (bench/servers/service.ts with " +
      "BENCH_WORKERS=1: the API, the job runner, the webhook dispatcher and the sweepers; GET /metrics on a " +
      `port of its own) on a fresh ${o.db === "sqlite" ? "SQLite file" : "PostgreSQL schema"}, with one paid account. ` +
      `Load: ${CLIENTS} clients × ${RATE_PER_CLIENT} req/s (${OFFERED} req/s offered, each request paced), in shuffled ` +
      "decks of 100 requests: two thirds reads (account, wallet, ledger pages, job lists, catalogue, usage, " +
      "webhooks); writes with Idempotency-Key (webhook endpoints registered, sent a test event, the test " +
      "replayed, the key reused with another body (409), the delivery awaited at a real receiver, the log read, " +
      "the endpoint deleted; API keys created through a dashboard session, replayed, used, refused a scope " +
      "(403), revoked and refused (401)); refusals (bad bodies, a missing Idempotency-Key, unknown ids, a bad " +
      "cursor, an API key on a session-only operation, a bad token), each checked for its status and spec " +
      "code; a sign-in and sign-out every fourth deck. Beside them one storyboard plan of the fixture site " +
      "(Chromium) at the start of every window, its events delivered to the receiver. " +
      `Measured: ${share(measured.counts.ok)} answered as asked, ${share(measured.counts.refused)} refused as expected.`,
    "",
    `\`SOAK_MINUTES\` (default 10) sets the measured load: ${WINDOWS} windows of ${WINDOW_S} s here, after a warm-up ` +
      `of ${WARMUP_WINDOWS * WINDOW_S} s of the same load and ${IDLE_S} s idle (the *warm-up reading*); after the load, ` +
      `the plans settle and ${IDLE_S} s idle (the *after-idle reading*). Every ${SAMPLE_S} s the service process is read ` +
      "from /proc (RSS, open file descriptors, processes below it: Chromium and whatever it started), with the " +
      "database file and GET /metrics; latencies are the clients' (request sent → body read), nearest-rank per " +
      "window; *load average* is the machine's (1 min) at the window's end, since neighbours on a shared " +
      "machine move latencies. The service exports no V8 heap figures, so the heap is not shown. The RSS " +
      "slope is a least-squares fit of the samples over the second half of the load.",
    "",
    windowTable,
    "",
    figuresTable,
    "",
    `Processes below the service at the warm-up reading: ${kindsText(warm.figures)}; after idle: ${kindsText(idle.figures)}.`,
    "",
    table(["Check", "Target", "Measured", "Result"], checks),
    ...(notes.length ? ["", "What went wrong (first example of each):", "", ...notes] : []),
  ].join("\n");
  return { markdown, missed };
}

export const soakSuite: Suite = { name: "soak", title: "one process under hours of steady use", run: runSuite };
