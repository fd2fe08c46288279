import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/contract/errors.js";
import { PasswordHasher } from "../../src/domains/auth/password-hasher.js";

describe("password hasher", () => {
  it("runs at most `concurrency` argon2 operations at once; the rest wait their turn", async () => {
    const seen: number[] = [];
    const hasher = new PasswordHasher({ concurrency: 2, queue: 10 }, (running) => void seen.push(running));
    const stored = await hasher.hash("correct horse battery");
    seen.length = 0;

    const guesses = ["a", "b", "c", "correct horse battery", "d", "e", "f", "g"];
    const results = Promise.all(guesses.map((g) => hasher.verify(stored, g)));
    // Asked for all at once: two run, six wait.
    expect(hasher.running).toBe(2);
    expect(hasher.queued).toBe(6);

    expect(await results).toEqual([false, false, false, true, false, false, false, false]);
    expect(seen).toHaveLength(8);
    expect(Math.max(...seen)).toBe(2);
    expect(hasher.running).toBe(0);
    expect(hasher.queued).toBe(0);
  });

  it("refuses work beyond the queue with 503 service_unavailable and Retry-After, at once", async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queue: 1 });
    const running = hasher.hash("one password");
    const waiting = hasher.hash("two password");
    const refused = await hasher.hash("three password").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "service_unavailable", status: 503, headers: { "Retry-After": "1" } });
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
    // Room again once the work is done.
    await expect(hasher.hash("four password")).resolves.toMatch(/^\$argon2id\$/);
  });

  it("checks an unknown account against a decoy, made once, at the same cost as a real check", async () => {
    let turns = 0;
    const hasher = new PasswordHasher({ concurrency: 1, queue: 4 }, () => void turns++);
    expect(await hasher.verifyOrDecoy(undefined, "not-a-password-anyone-has")).toBe(false);
    expect(turns).toBe(2); // the decoy's hash, then the check
    expect(await hasher.verifyOrDecoy(undefined, "guess")).toBe(false);
    expect(turns).toBe(3);
    const stored = await hasher.hash("mine");
    expect(await hasher.verifyOrDecoy(stored, "mine")).toBe(true);
    expect(await hasher.verify("not an argon2 hash", "mine")).toBe(false);
  });

  it("forgets a decoy that was refused for being busy", async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queue: 0 });
    const busy = hasher.hash("holding the only turn");
    await expect(hasher.verifyOrDecoy(undefined, "x")).rejects.toMatchObject({ code: "service_unavailable" });
    await busy;
    expect(await hasher.verifyOrDecoy(undefined, "x")).toBe(false);
  });
});
