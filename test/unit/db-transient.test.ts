import { describe, expect, it } from "vitest";
import { isTransientDbError } from "../../src/db/transient.js";

const err = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("transient database errors (503 wallet_unavailable, not 500)", () => {
  it("recognises busy, lost-connection, serialization and shutdown errors", () => {
    for (const code of [
      "SQLITE_BUSY",
      "SQLITE_BUSY_SNAPSHOT",
      "SQLITE_LOCKED",
      "08006",
      "08001",
      "40001",
      "40P01",
      "57P01",
      "ECONNREFUSED",
      "ECONNRESET",
    ])
      expect(isTransientDbError(err(code)), code).toBe(true);
    expect(isTransientDbError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("wrapped"), { cause: err("08006") }))).toBe(true);
  });

  it("leaves real failures alone", () => {
    for (const code of ["SQLITE_CONSTRAINT_UNIQUE", "23505", "42P01", "SQLITE_ERROR"])
      expect(isTransientDbError(err(code)), code).toBe(false);
    expect(isTransientDbError(new TypeError("undefined is not a function"))).toBe(false);
    expect(isTransientDbError(null)).toBe(false);
  });
});
