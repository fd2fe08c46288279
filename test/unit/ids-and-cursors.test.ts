import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/contract/errors.js";
import { decodeCursor, encodeCursor } from "../../src/http/pagination.js";
import { isMintedId, randomBase62, uuidv7 } from "../../src/ids.js";

describe("ids", () => {
  it("mints time-ordered UUIDv7s, ordered even within one millisecond", () => {
    const ids = Array.from({ length: 2000 }, () => uuidv7(1_700_000_000_000));
    expect(ids.every(isMintedId)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(uuidv7(1_700_000_000_000 + 10_000) > (ids.at(-1) as string)).toBe(true);
  });

  it("refuses ids not of the minted shape", () => {
    expect(isMintedId("00000000-0000-4000-8000-000000000000")).toBe(false); // v4
    expect(isMintedId("not-an-id")).toBe(false);
    expect(isMintedId(uuidv7().toUpperCase())).toBe(false);
  });

  it("draws base62 without bias towards early characters", () => {
    const s = randomBase62(62_000);
    const counts = new Map<string, number>();
    for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
  });
});

describe("cursors", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const id = uuidv7(now.getTime());
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof ApiError ? [e.code, (e.details as { reason: string }).reason] : ["other"];
    }
    return ["none"];
  };

  it("round-trips", () => {
    expect(decodeCursor(encodeCursor(now.getTime(), id), "time", now)).toEqual({ sortKey: now.getTime(), id });
    expect(decodeCursor(encodeCursor(7, id), "number", now)).toEqual({ sortKey: 7, id });
  });

  it("refuses malformed cursors", () => {
    expect(code(() => decodeCursor("!!!", "time", now))).toEqual(["invalid_cursor", "malformed"]);
    expect(code(() => decodeCursor(Buffer.from("hello").toString("base64url"), "time", now))).toEqual([
      "invalid_cursor",
      "malformed",
    ]);
  });

  it("refuses an id not of the minted shape", () => {
    const c = Buffer.from(`${now.getTime()}.00000000-0000-4000-8000-000000000000`).toString("base64url");
    expect(code(() => decodeCursor(c, "time", now))).toEqual(["invalid_cursor", "id_shape"]);
  });

  it("refuses a timestamp beyond a hundred years of now, either way", () => {
    const year = 365.25 * 86_400_000;
    expect(code(() => decodeCursor(encodeCursor(now.getTime() + 101 * year, id), "time", now))).toEqual([
      "invalid_cursor",
      "out_of_bounds",
    ]);
    expect(code(() => decodeCursor(encodeCursor(now.getTime() - 101 * year, id), "time", now))).toEqual([
      "invalid_cursor",
      "out_of_bounds",
    ]);
    expect(decodeCursor(encodeCursor(now.getTime() - 99 * year, id), "time", now).id).toBe(id);
  });
});
