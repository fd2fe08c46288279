import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { throttleKeyOf } from "../../src/http/rate-limit/client-key.js";
import { RateLimiter } from "../../src/http/rate-limit/limiter.js";
import { MemoryRateLimitStore } from "../../src/http/rate-limit/store.js";

describe("throttleKeyOf: the key a per-IP throttle counts a client under", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(throttleKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleKeyOf("127.0.0.1")).toBe("127.0.0.1");
  });

  it("takes IPv4-mapped IPv6, however spelt, as the IPv4 address it names", () => {
    for (const mapped of [
      "::ffff:203.0.113.7",
      "::FFFF:203.0.113.7",
      "0:0:0:0:0:ffff:203.0.113.7",
      "::ffff:cb00:7107",
      "0000:0000:0000:0000:0000:FFFF:CB00:7107",
    ])
      expect(throttleKeyOf(mapped), mapped).toBe("203.0.113.7");
  });

  it("keys other IPv6 addresses on their /64, one key for every spelling", () => {
    const key = "2001:db8:1:2::/64";
    expect(throttleKeyOf("2001:db8:1:2::1")).toBe(key);
    for (const same of [
      "2001:db8:1:2::",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:0:0:0:1",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::1.2.3.4",
      "2001:db8:1:2::1%eth0",
    ])
      expect(throttleKeyOf(same), same).toBe(key);
    expect(throttleKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(throttleKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(throttleKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(throttleKeyOf("")).toBe("");
    expect(throttleKeyOf("not an address")).toBe("not an address");
  });

  const hextets = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
  const expanded = (groups: number[], upper: boolean) =>
    groups.map((g) => g.toString(16).padStart(4, "0")[upper ? "toUpperCase" : "toLowerCase"]()).join(":");
  const canonical = (groups: number[]) => new URL(`http://[${expanded(groups, false)}]/`).hostname.slice(1, -1);
  const mapped = (groups: number[]) => groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;

  it("gives any two addresses the same key exactly when they share a /64 (property)", () => {
    fc.assert(
      fc.property(hextets, hextets, fc.boolean(), (a, b, upper) => {
        fc.pre(!mapped(a) && !mapped(b));
        // The fully written-out spelling and the compressed one are one key.
        expect(throttleKeyOf(expanded(a, upper))).toBe(throttleKeyOf(canonical(a)));
        const samePrefix = [...a.slice(0, 4), ...b.slice(4)];
        expect(throttleKeyOf(canonical(samePrefix))).toBe(throttleKeyOf(canonical(a)));
        const shared = a.slice(0, 4).every((g, i) => g === b[i]);
        expect(throttleKeyOf(canonical(a)) === throttleKeyOf(canonical(b))).toBe(shared);
      }),
    );
  });
});

describe("the unauthenticated meter counts an IPv6 client's /64 as one client", () => {
  it("spends one budget for every address of a /64, and none of another /64's", async () => {
    const now = () => 1_000_000;
    const limiter = new RateLimiter(
      new MemoryRateLimitStore(now),
      { perMinute: { read: 5, write: 5, expensive: 5, charge: 5 }, account: 5, unauthenticated: 3 },
      now,
    );
    for (let i = 1; i <= 3; i++) expect((await limiter.failUnauthenticated(`2001:db8:7:7::${i}`)).refusal).toBeNull();
    expect((await limiter.failUnauthenticated("2001:0db8:0007:0007:dead:beef:0:1")).refusal?.code).toBe("rate_limited");
    expect((await limiter.peekUnauthenticated("2001:db8:7:7:ffff::")).remaining).toBe(0);
    expect((await limiter.peekUnauthenticated("2001:db8:7:8::1")).remaining).toBe(3);
    // A dual-stack socket's mapped address is the IPv4 client.
    await limiter.failUnauthenticated("::ffff:198.51.100.1");
    expect((await limiter.peekUnauthenticated("198.51.100.1")).remaining).toBe(2);
  });
});
