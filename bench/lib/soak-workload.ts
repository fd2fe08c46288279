// The soak suite's workload: the operations the clients draw from shuffled decks (reads, writes with
// Idempotency-Key, refusals, sign-in cycles), the clients' loops, and the storyboard plan of every window.
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Answer, ApiClient, CallOptions } from "./api-client.js";
import { epochMs, type Receiver } from "./receiver.js";
import { Client } from "./soak-client.js";
import type { Plan, Run, TestEvent } from "./soak-record.js";
import { CLIENTS, OFFERED, RATE_PER_CLIENT, WINDOW_S } from "./soak-settings.js";
import type { Expectation } from "./soak-stats.js";

/** How long a plan may take before it counts as stuck (the machine is shared; plans take ~5–10 s). */
const PLAN_TIMEOUT_S = 180;
/** How long a test event may take to reach the receiver before it counts as not delivered. */
const DELIVERY_TIMEOUT_S = 30;

const HINT = "Show how it works, then the features and the pricing page";

export interface World {
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
export async function loadFor(w: World, api: ApiClient, ms: number, ended: () => void): Promise<void> {
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
