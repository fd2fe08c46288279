import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../src/config.js";
import { PasswordHasher } from "../../src/domains/auth/password-hasher.js";
import { Harness, type TestResponse } from "../../src/testutil/harness.js";

// Attacks on the dashboard's sign-in and sign-up. Every argon2 operation is counted through the
// hasher's turn hook, so "refused before any password work" is checked, not assumed. The clock moves
// instead of the test sleeping (the in-memory rate store follows it).
let h: Harness;
let turns = 0;
let hold: Promise<void> | null = null;

async function start(opts: { config?: Partial<Config>; concurrency?: number; queue?: number } = {}) {
  turns = 0;
  hold = null;
  const passwords = new PasswordHasher({ concurrency: opts.concurrency ?? 2, queue: opts.queue ?? 200 }, async () => {
    turns += 1;
    if (hold) await hold;
  });
  h = await Harness.start({
    rateStore: "memory",
    clockStart: new Date("2026-03-10T12:00:00.000Z"),
    passwords,
    config: opts.config,
  });
  return passwords;
}
afterEach(() => h.close());

const signIn = (email: string, password: string, ip = "203.0.113.7") =>
  h.request("POST", "/auth/sessions", { body: { email, password }, ip });
const signUp = (email: string, ip = "203.0.113.7", password = "long enough password") =>
  h.request("POST", "/auth/signup", { body: { email, password, name: "N" }, ip });
/** Counts the argon2 operations `f` causes. */
const work = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const before = turns;
  const out = await f();
  return [out, turns - before];
};
const rateLimited = (res: TestResponse, scope: string, limit: number) => {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe("rate_limited");
  expect(res.body.error.details).toMatchObject({ class: "unauthenticated", scope, limit, remaining: 0 });
  expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
};

describe("the IP's unauthenticated failures, before any password work", () => {
  it("refuses the right password with 429 after 60 wrong ones, without checking it, until the window reopens", async () => {
    await start();
    const ada = await h.account();
    for (let i = 0; i < 60; i++) {
      // Four against Ada (under her email's back-off), the rest against other addresses.
      const res = await signIn(i < 4 ? ada.email : `guess-${i}@example.com`, "wrong password");
      expect(res.status).toBe(401);
      expect(res.headers["ratelimit-remaining"]).toBe(String(59 - i));
    }
    const [right, checks] = await work(() => signIn(ada.email, ada.password));
    rateLimited(right, "minute", 60);
    expect(checks).toBe(0);
    const [signup, hashes] = await work(() => signUp("new@example.com"));
    rateLimited(signup, "minute", 60);
    expect(hashes).toBe(0);

    // Another address is not affected; the window reopens a minute after it opened.
    expect((await signIn(ada.email, ada.password, "198.51.100.1")).status).toBe(201);
    h.clock.advance(60_000);
    const reopened = await signIn(ada.email, ada.password);
    expect(reopened.status).toBe(201);
    expect(reopened.headers["ratelimit-remaining"]).toBe("60");
  });

  it("counts concurrent guesses before checking them: a burst cannot get more than 60 checked", async () => {
    await start();
    await signIn("warm-up@example.com", "makes the decoy hash", "198.51.100.1");
    const [answers, checks] = await work(() =>
      Promise.all(Array.from({ length: 80 }, (_, i) => signIn(`burst-${i}@example.com`, "wrong password"))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(checks).toBe(60);
  });
});

describe("per-email back-off", () => {
  it("after 5 failures from 5 addresses, refuses the right password from a sixth without checking it", async () => {
    await start();
    const ada = await h.account();
    for (let i = 1; i <= 5; i++) expect((await signIn(ada.email, `guess ${i}`, `198.51.100.${i}`)).status).toBe(401);
    const [right, checks] = await work(() => signIn(ada.email.toUpperCase(), ada.password, "198.51.100.6"));
    rateLimited(right, "email", 5);
    expect(right.headers["retry-after"]).toBe("60");
    expect(right.body.error.details.resetAt).toBe("2026-03-10T12:01:00.000Z");
    expect(checks).toBe(0);

    // An unknown address backs off the same way: the answers tell nothing about which emails exist.
    for (let i = 1; i <= 5; i++) await signIn("ghost@example.com", `guess ${i}`, `198.51.100.${i}`);
    rateLimited(await signIn("ghost@example.com", "guess 6", "198.51.100.6"), "email", 5);

    // The wait over, one more try is checked; it fails, so the next wait is twice as long.
    h.clock.advance(60_000);
    expect((await signIn(ada.email, "guess 6", "198.51.100.7")).status).toBe(401);
    const longer = await signIn(ada.email, ada.password, "198.51.100.8");
    rateLimited(longer, "email", 5);
    expect(longer.headers["retry-after"]).toBe("120");
    h.clock.advance(120_000);
    expect((await signIn(ada.email, ada.password, "198.51.100.8")).status).toBe(201);

    // A success forgets the failures: five free tries again.
    for (let i = 1; i <= 5; i++) expect((await signIn(ada.email, `again ${i}`, `198.51.100.${i}`)).status).toBe(401);
    expect((await signIn(ada.email, ada.password, "198.51.100.9")).status).toBe(429);
  });

  it("doubles the wait after each further failure, up to 15 minutes", async () => {
    await start();
    const ada = await h.account();
    for (let i = 1; i <= 5; i++) await signIn(ada.email, `guess ${i}`, `198.51.100.${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await signIn(ada.email, "next guess", `192.0.2.${i}`);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      waits.push(wait);
      h.clock.advance(wait * 1000);
      expect((await signIn(ada.email, "next guess", `192.0.2.${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    // The owner still gets in once a wait is over.
    h.clock.advance(900_000);
    expect((await signIn(ada.email, ada.password, "192.0.2.99")).status).toBe(201);
  });

  it("checks only one of many tries racing in from different addresses once the free failures are spent", async () => {
    await start();
    const ada = await h.account();
    for (let i = 1; i <= 4; i++) await signIn(ada.email, `guess ${i}`, `198.51.100.${i}`);
    const [answers, checks] = await work(() =>
      Promise.all(Array.from({ length: 10 }, (_, i) => signIn(ada.email, `race ${i}`, `192.0.2.${i}`))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    expect(checks).toBe(1);
  });
});

describe("sign-up", () => {
  it("answers a new and a registered address alike, after the same work, and mails the owner instead", async () => {
    await start();
    const [fresh, freshHashes] = await work(() => signUp("Ada@Example.com", "198.51.100.1", "first password"));
    const [taken, takenHashes] = await work(() => signUp("ada@example.com ", "198.51.100.2", "second password"));
    for (const res of [fresh, taken]) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ email: "ada@example.com", verificationSent: true });
    }
    expect(takenHashes).toBe(freshHashes);
    expect(freshHashes).toBe(1);
    expect(h.mail.filter((m) => m.to === "ada@example.com").map((m) => m.subject)).toEqual([
      "Verify your Clipwright email address",
      "Someone tried to create a Clipwright account with your address",
    ]);
    // The account is the first one, unchanged.
    const rows = await h.db.kysely.selectFrom("accounts").select("id").where("email", "=", "ada@example.com").execute();
    expect(rows).toHaveLength(1);
    expect((await signIn("ada@example.com", "second password", "198.51.100.3")).status).toBe(401);
    expect((await signIn("ada@example.com", "first password", "198.51.100.3")).status).toBe(201);
    // Repeated tries do not turn sign-up into a way to flood the owner's inbox.
    await signUp("ada@example.com", "198.51.100.4");
    expect(h.mail.filter((m) => m.to === "ada@example.com")).toHaveLength(2);
  });

  const THREE_SIGNUPS_AN_HOUR = {
    config: {
      authThrottle: { signupsPerHour: 3, signInFreeFailures: 5, signInFirstLockSeconds: 60, signInMaxLockSeconds: 900 },
    },
  };

  it("limits sign-ups per IP address per hour, refusing before any hashing", async () => {
    await start(THREE_SIGNUPS_AN_HOUR);
    // Refusals for what was sent do not count.
    expect((await signUp("not-an-email")).status).toBe(400);
    for (let i = 1; i <= 3; i++) expect((await signUp(`person-${i}@example.com`)).status).toBe(202);
    const [over, hashes] = await work(() => signUp("person-4@example.com"));
    rateLimited(over, "hour", 3);
    expect(over.headers["retry-after"]).toBe("3600");
    expect(over.headers["ratelimit-limit"]).toBe("3");
    expect(hashes).toBe(0);
    expect((await signUp("person-4@example.com", "198.51.100.1")).status).toBe(202);
    h.clock.advance(3600_000);
    expect((await signUp("person-5@example.com")).status).toBe(202);
  });

  it("counts an IPv6 client's whole /64 as one address: rotating within it buys no budget", async () => {
    await start(THREE_SIGNUPS_AN_HOUR);
    // Three addresses of one /64, spelt three ways.
    const rotated = ["2001:db8:beef:1::1", "2001:DB8:BEEF:1:8a2e:370:7334:1", "2001:0db8:beef:0001::ffff"];
    for (const [i, ip] of rotated.entries()) expect((await signUp(`v6-${i}@example.com`, ip)).status).toBe(202);
    const [over, hashes] = await work(() => signUp("v6-3@example.com", "2001:db8:beef:1:dead:beef:cafe:1"));
    rateLimited(over, "hour", 3);
    expect(hashes).toBe(0);
    // The next /64 is another client.
    expect((await signUp("v6-3@example.com", "2001:db8:beef:2::1")).status).toBe(202);
  });
});

describe("the unauthenticated meter of an IPv6 client", () => {
  it("is one budget for every address of its /64, metering failed credentials before the 429", async () => {
    await start();
    const badKey = (ip: string) => h.request("GET", "/account", { token: "svc_live_nope", ip });
    for (let i = 0; i < 60; i++) {
      // A new address of the same /64 every time.
      const res = await badKey(`2001:db8:f00d:42:${i.toString(16)}::${((i * 7919) & 0xffff).toString(16)}`);
      expect(res.status).toBe(401);
      expect(res.headers["ratelimit-remaining"]).toBe(String(59 - i));
    }
    rateLimited(await badKey("2001:db8:f00d:42:ffff:ffff:ffff:ffff"), "minute", 60);
    // The same client over a dual-stack socket's mapped IPv4 spelling is keyed as IPv4, and another /64 is fresh.
    expect((await badKey("2001:db8:f00d:43::1")).headers["ratelimit-remaining"]).toBe("59");
    await badKey("::ffff:198.51.100.20");
    expect((await badKey("198.51.100.20")).headers["ratelimit-remaining"]).toBe("58");
  });
});

describe("bounded password work", () => {
  it("answers 503 with Retry-After beyond one running and one waiting, while those two succeed", async () => {
    const hasher = await start({ concurrency: 1, queue: 1 });
    const people = [await h.account(), await h.account(), await h.account()];
    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    const tries = people.map((p, i) => signIn(p.email, p.password, `198.51.100.${i + 1}`));
    // Nothing finishes while the running check is held, so the first answer is the refusal.
    const first = await Promise.race(tries);
    expect(first.status).toBe(503);
    expect(first.body.error.code).toBe("service_unavailable");
    expect(first.headers["retry-after"]).toBe("1");
    // Busy on our side is not a failed guess: the IP's budget is untouched.
    expect(first.headers["ratelimit-remaining"]).toBe("60");
    expect([hasher.running, hasher.queued]).toEqual([1, 1]);
    hold = null;
    release();
    const statuses = (await Promise.all(tries)).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 503]);
  });
});
