import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { staticResolver } from "../support/static-resolver.js";
import { type Receiver, startReceiver } from "../support/webhook-receiver.js";

// One account's backlog for a slow receiver must not hold every delivery slot. The dispatcher here has
// 4 slots, 2 per account; the receiver holds answers to an account's path open until the test
// releases them (the service's timeout is far away), so "while A's attempts are still held" is exact.

let h: Harness;
let recv: Receiver;
beforeAll(async () => {
  h = await Harness.start({
    rateStore: "memory",
    resolver: staticResolver({}),
    config: {
      allowPrivateHosts: ["127.0.0.1"],
      webhookTimeoutMs: 120_000,
      webhookSlots: { total: 4, perAccount: 2 },
    },
  });
  recv = await startReceiver(() => h.clock.now());
});
afterAll(async () => {
  await recv.close();
  await h.close();
});

type User = Awaited<ReturnType<Harness["user"]>>;
/** An account with one endpoint at `path`; the receiver holds its answers when `hold`. */
async function accountWithEndpoint(path: string, hold: boolean) {
  const u = await h.user();
  recv.reply(path, hold ? "hold" : 200);
  const res = await h.request("POST", "/webhooks", {
    token: u.key,
    idempotencyKey: idem(),
    body: { url: recv.url(path), events: ["webhook.test"] },
  });
  expect(res.status).toBe(201);
  return { u, id: res.body.endpoint.id as string, path };
}
async function sendTests(e: { u: User; id: string }, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await h.request("POST", `/webhooks/${e.id}/test`, { token: e.u.key, idempotencyKey: idem(), body: {} });
    expect(res.status).toBe(202);
  }
}
const succeeded = async (e: { u: User; id: string }) => {
  const log = await h.request("GET", `/webhooks/${e.id}/deliveries?limit=100`, { token: e.u.key });
  return log.body.data.filter((d: { status: string }) => d.status === "succeeded").length;
};

describe("delivery slots are shared between accounts", () => {
  it("another account's delivery goes out while one account's backlog is held by a slow receiver", async () => {
    const a = await accountWithEndpoint("/fair/a", true);
    const b = await accountWithEndpoint("/fair/b", false);
    await sendTests(a, 6);
    await recv.waitFor(a.path, 2); // A holds its share…
    await sendTests(b, 1);
    await recv.waitFor(b.path, 1); // …and B's delivery arrives while A's are still held
    expect(recv.received(a.path)).toHaveLength(2); // A never held more than its share

    recv.release(a.path);
    await h.drain();
    expect(recv.received(a.path)).toHaveLength(6);
    expect(await succeeded(a)).toBe(6);
    expect(await succeeded(b)).toBe(1);
  });

  it("takes turns: a freed slot goes to the account holding least, not to the oldest backlog", async () => {
    const a = await accountWithEndpoint("/turns/a", true);
    const c = await accountWithEndpoint("/turns/c", true);
    const b = await accountWithEndpoint("/turns/b", false);
    await sendTests(a, 6);
    await sendTests(c, 6);
    await recv.waitFor(a.path, 2);
    await recv.waitFor(c.path, 2); // every slot is held: 2 by A, 2 by C
    await sendTests(b, 1);

    // A's two attempts are answered; A's later ones are held again. B, holding nothing, comes before
    // A's older backlog for the freed slots.
    recv.release(a.path, 200, "hold");
    await recv.waitFor(b.path, 1);
    expect(recv.received(c.path)).toHaveLength(2);

    recv.release(a.path);
    recv.release(c.path);
    await h.drain();
    expect([await succeeded(a), await succeeded(b), await succeeded(c)]).toEqual([6, 1, 6]);
  });
});
