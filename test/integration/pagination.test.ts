import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topUp } from "../../src/domains/wallet/grants.js";
import { encodeCursor } from "../../src/http/pagination.js";
import { uuidv7 } from "../../src/ids.js";
import { Harness } from "../../src/testutil/harness.js";

let h: Harness;
let token: string;
const ENTRIES = 45;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  const u = await h.account({ paid: false, topupSeconds: 1 });
  token = (await h.key(u.id)).secret;
  // 45 ledger entries, some sharing a millisecond so the id tie-break matters.
  for (let i = 1; i < ENTRIES; i++) {
    if (i % 3 === 0) h.clock.advance(1);
    await topUp(h.deps, u.id, i);
  }
});
afterAll(() => h.close());

const page = (q: string) => h.request("GET", `/wallet/ledger${q}`, { token });

describe("cursor pagination", () => {
  it("defaults to 20 rows and walks every row exactly once, createdAt then id descending", async () => {
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await page(cursor ? `?cursor=${cursor}` : "");
      expect(res.status).toBe(200);
      sizes.push(res.body.data.length);
      seen.push(...res.body.data);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen.map((r) => r.id)).size).toBe(ENTRIES);
    const sorted = [...seen].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );
    expect(seen).toEqual(sorted);
  });

  it("gives nextCursor null on the last page, including an exactly full one", async () => {
    const all = await page("?limit=45");
    expect(all.body.data).toHaveLength(45);
    expect(all.body.nextCursor).toBeNull();
    const more = await page("?limit=100");
    expect(more.body.data).toHaveLength(45);
  });

  it("refuses limit out of range instead of clamping it", async () => {
    for (const limit of ["0", "101", "-1", "2.5", "abc", ""]) {
      const res = await page(`?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.details.issues[0].path).toBe("query.limit");
    }
    expect((await page("?limit=1")).body.data).toHaveLength(1);
    expect((await page("?limit=100")).status).toBe(200);
  });

  it("refuses invalid cursors with invalid_cursor", async () => {
    const now = h.clock.now().getTime();
    const year = 365.25 * 86_400_000;
    const bad = [
      "garbage!!",
      Buffer.from("no-dot-here").toString("base64url"),
      encodeCursor(now, "00000000-0000-4000-8000-000000000000"),
      encodeCursor(now, "not-a-uuid"),
      encodeCursor(now + 101 * year, uuidv7()),
      encodeCursor(now - 101 * year, uuidv7()),
    ];
    for (const cursor of bad) {
      const res = await page(`?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_cursor");
    }
  });

  it("decides invalid_cursor before counting the request: a refused cursor spends no rate budget", async () => {
    const u = await h.account({ paid: false, topupSeconds: 1 });
    const limited = (await h.key(u.id, undefined, { rateLimitPerMinute: 3 })).secret;
    const get = (path: string) => h.request("GET", path, { token: limited });
    for (let i = 0; i < 4; i++) {
      expect((await get("/wallet/ledger?cursor=garbage!!")).body.error.code).toBe("invalid_cursor");
      // A catalogue list has its own cursor shape, checked just as early.
      expect((await get("/catalog/plans?cursor=bm9wZQ")).body.error.code).toBe("invalid_cursor");
    }
    const spent = await Promise.all([get("/wallet/ledger"), get("/wallet/ledger"), get("/wallet/ledger")]);
    expect(spent.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await get("/wallet/ledger")).status).toBe(429);
  });

  it("refuses a cursor over 512 characters as a validation failure", async () => {
    const res = await page(`?cursor=${"a".repeat(513)}`);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.issues[0]).toMatchObject({ path: "query.cursor", code: "max_length" });
  });

  it("accepts a cursor from far back within a hundred years (an old but valid position)", async () => {
    const res = await page(`?cursor=${encodeCursor(h.clock.now().getTime() - 50 * 365 * 86_400_000, uuidv7())}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});
