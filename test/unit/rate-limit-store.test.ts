import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { RedisRateLimitStore } from "../../src/http/rate-limit/redis-store.js";
import { MemoryRateLimitStore, type RateLimitStore } from "../../src/http/rate-limit/store.js";
import { waitFor } from "../support/wait.js";

/** `pass(ms, key)` lets a window of `ms` close: the memory store's clock moves; Redis expires it on its own clock. */
const stores: [string, () => { store: RateLimitStore; pass: (ms: number, key: string) => Promise<void> }][] = [
  [
    "memory",
    () => {
      let t = 1_000_000;
      return {
        store: new MemoryRateLimitStore(() => t),
        pass: async (ms) => {
          t += ms;
        },
      };
    },
  ],
];
const redisClients: Redis[] = [];
if (process.env.REDIS_URL) {
  stores.push([
    "redis",
    () => {
      const redis = new Redis(process.env.REDIS_URL as string);
      redisClients.push(redis);
      const store = new RedisRateLimitStore(redis, `cw:unit:${randomBytes(6).toString("hex")}:`);
      return {
        store,
        pass: async (ms, key) => {
          await waitFor(async () => (await store.peek(key)) === null, {
            what: `Redis to expire the window of ${key} (${ms} ms)`,
            intervalMs: 20,
          });
        },
      };
    },
  ]);
}
afterAll(async () => {
  await Promise.all(redisClients.map((r) => r.quit().catch(() => undefined)));
});

describe.each(stores)("fixed-window store: %s", (_name, make) => {
  it("counts hits in a window anchored at the first hit", async () => {
    const { store } = make();
    const a = await store.hit("k", 300);
    const b = await store.hit("k", 300);
    expect([a.count, b.count]).toEqual([1, 2]);
    expect(Math.abs(b.resetAt - a.resetAt)).toBeLessThan(50); // the first hit fixed the window's end
  });

  it("opens a fresh window once the old one has closed", async () => {
    const { store, pass } = make();
    await store.hit("k", 150);
    await store.hit("k", 150);
    await pass(200, "k");
    expect(await store.peek("k")).toBeNull();
    expect((await store.hit("k", 150)).count).toBe(1);
  });

  it("peeks without counting and undoes a hit", async () => {
    const { store } = make();
    await store.hit("k", 1000);
    expect((await store.peek("k"))?.count).toBe(1);
    expect((await store.peek("k"))?.count).toBe(1);
    await store.undo("k");
    expect((await store.peek("k"))?.count).toBe(0);
    await store.undo("k");
    expect((await store.peek("k"))?.count).toBe(0);
  });

  it("closes a window on reset: the next hit opens a fresh one", async () => {
    const { store } = make();
    await store.hit("r", 1000);
    await store.hit("r", 1000);
    await store.reset("r");
    expect(await store.peek("r")).toBeNull();
    expect((await store.hit("r", 1000)).count).toBe(1);
    await store.reset("never-opened");
  });

  it("keeps keys apart", async () => {
    const { store } = make();
    await store.hit("a", 1000);
    await store.hit("a", 1000);
    expect((await store.hit("b", 1000)).count).toBe(1);
  });

  it("counts concurrent hits exactly", async () => {
    const { store } = make();
    const results = await Promise.all(Array.from({ length: 100 }, () => store.hit("c", 5000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("counts in several windows at once, each with its own limit and window", async () => {
    const { store } = make();
    await store.hit("w2", 1000);
    const { states, refused } = await store.hitAll(
      [
        { key: "w1", windowMs: 1000, limit: 5 },
        { key: "w2", windowMs: 1000, limit: 5 },
        { key: "w3", windowMs: 2000, limit: Number.POSITIVE_INFINITY },
      ],
      2,
    );
    expect(refused).toBe(-1);
    expect(states.map((s) => s.count)).toEqual([2, 3, 2]);
    expect(states[2]?.resetAt).toBeGreaterThan(states[0]?.resetAt ?? 0); // the longer window
  });

  it("stops at the first window past its limit and takes back its hits and the earlier ones", async () => {
    const { store } = make();
    await store.hit("full", 1000);
    await store.hit("full", 1000);
    const { states, refused } = await store.hitAll(
      [
        { key: "before", windowMs: 1000, limit: 10 },
        { key: "full", windowMs: 1000, limit: 2 },
        { key: "after", windowMs: 1000, limit: 10 },
      ],
      1,
    );
    expect(refused).toBe(1);
    expect(states.map((s) => s.count)).toEqual([1, 3]); // as counted, before being taken back
    expect((await store.peek("before"))?.count).toBe(0);
    expect((await store.peek("full"))?.count).toBe(2);
    expect(await store.peek("after")).toBeNull(); // never counted
  });

  it("lets concurrent requests through up to the limit, and no further", async () => {
    const { store } = make();
    const hits = [
      { key: "acct", windowMs: 5000, limit: 1000 },
      { key: "cls", windowMs: 5000, limit: 30 },
    ];
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hitAll(hits, 1)));
    expect(results.filter((r) => r.refused === -1)).toHaveLength(30);
    expect((await store.peek("cls"))?.count).toBe(30);
    expect((await store.peek("acct"))?.count).toBe(30);
  });
});
