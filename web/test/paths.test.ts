import { describe, expect, it } from "vitest";
import { matchPath, safeReturnPath } from "../src/router/paths";

describe("the dashboard's paths", () => {
  it("match a route's pattern and read its parameters", () => {
    expect(matchPath("/", "/")).toEqual({});
    expect(matchPath("/keys", "/keys/")).toEqual({});
    expect(matchPath("/keys", "/keys/new")).toBeNull();
    expect(matchPath("/webhooks/:id", "/webhooks/0196-a%20b")).toEqual({ id: "0196-a b" });
    expect(matchPath("/webhooks/:id", "/webhooks/")).toBeNull();
    expect(matchPath("/webhooks/new", "/webhooks/new")).toEqual({});
  });

  it("return after sign-in only to a page of this app", () => {
    expect(safeReturnPath("/webhooks/new?x=1")).toBe("/webhooks/new?x=1");
    for (const hostile of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeReturnPath(hostile), String(hostile)).toBe("/");
    }
  });
});
