import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { AuthThrottleSettings } from "../../src/config.js";
import { AuthThrottle } from "../../src/http/rate-limit/auth-throttle.js";
import { RedisRateLimitStore } from "../../src/http/rate-limit/redis-store.js";
import { MemoryRateLimitStore, type RateLimitStore } from "../../src/http/rate-limit/store.js";

const settings: AuthThrottleSettings = {
  signupsPerHour: 2,
  signInFreeFailures: 3,
  signInFirstLockSeconds: 60,
  signInMaxLockSeconds: 900,
};

/** Two throttles over one shared store: two API processes of the scale-out topology. */
type Pair = { a: AuthThrottle; b: AuthThrottle };
const backends: [string, () => Pair][] = [
  [
    "memory",
    () => {
      const store = new MemoryRateLimitStore(() => 1_000_000);
      return {
        a: new AuthThrottle(store, settings, () => 1_000_000),
        b: new AuthThrottle(store, settings, () => 1_000_000),
      };
    },
  ],
];
const redisClients: Redis[] = [];
if (process.env.REDIS_URL) {
  backends.push([
    "redis",
    () => {
      const prefix = `cw:unit:${randomBytes(6).toString("hex")}:`;
      const store = (): RateLimitStore => {
        const redis = new Redis(process.env.REDIS_URL as string);
        redisClients.push(redis);
        return new RedisRateLimitStore(redis, prefix);
      };
      return { a: new AuthThrottle(store(), settings, Date.now), b: new AuthThrottle(store(), settings, Date.now) };
    },
  ]);
}
afterAll(async () => {
  await Promise.all(redisClients.map((r) => r.quit().catch(() => undefined)));
});

const failed = async (t: AuthThrottle, email: string) => void (await t.beginSignIn(email));
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; details: unknown }) => e,
  );

describe.each(backends)("sign-in back-off and sign-up limit across processes: %s", (_name, make) => {
  it("holds an email's back-off in every process, and a success in one clears it for all", async () => {
    const { a, b } = make();
    await failed(a, "ada@example.com");
    await failed(b, "ada@example.com");
    await failed(a, "ada@example.com"); // the third failure opens a wait
    const refused = await refusal(b.beginSignIn("ada@example.com"));
    expect(refused).toMatchObject({
      code: "rate_limited",
      details: { class: "unauthenticated", scope: "email", limit: 3, remaining: 0 },
    });
    // Another email is not affected.
    await expect(b.beginSignIn("bob@example.com")).resolves.toBeDefined();
  });

  it("lets exactly one of many racing tries through once the free failures are spent", async () => {
    const { a, b } = make();
    await failed(a, "race@example.com");
    await failed(b, "race@example.com");
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refusal((i % 2 ? a : b).beginSignIn("race@example.com"))),
    );
    expect(tries.filter((t) => t === null)).toHaveLength(1);
    expect(tries.filter((t) => t !== null)).toHaveLength(9);
  });

  it("forgets the failures after a success", async () => {
    const { a, b } = make();
    await failed(a, "cy@example.com");
    await failed(a, "cy@example.com");
    await (await b.beginSignIn("cy@example.com")).succeeded();
    await failed(a, "cy@example.com");
    await failed(b, "cy@example.com");
    await expect(a.beginSignIn("cy@example.com")).resolves.toBeDefined(); // the third, allowed
  });

  it("takes back a try whose password was never checked", async () => {
    const { a, b } = make();
    await failed(a, "dee@example.com");
    await failed(a, "dee@example.com");
    await (await a.beginSignIn("dee@example.com")).abandoned(); // would have been the third
    await expect(b.beginSignIn("dee@example.com")).resolves.toBeDefined();
  });

  it("counts sign-ups per IP in every process", async () => {
    const { a, b } = make();
    await a.consumeSignup("203.0.113.9");
    await b.consumeSignup("203.0.113.9");
    expect(await refusal(a.consumeSignup("203.0.113.9"))).toMatchObject({
      details: { class: "unauthenticated", scope: "hour", limit: 2, remaining: 0 },
    });
    await expect(b.consumeSignup("203.0.113.10")).resolves.toBeDefined();
  });

  it("mails at most one sign-up notice per address per hour", async () => {
    const { a, b } = make();
    expect(await a.firstNoticeThisHour("eve@example.com")).toBe(true);
    expect(await b.firstNoticeThisHour("eve@example.com")).toBe(false);
    expect(await b.firstNoticeThisHour("fay@example.com")).toBe(true);
  });
});
