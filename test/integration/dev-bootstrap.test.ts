import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDevAccount } from "../../src/dev-bootstrap.js";
import { Harness } from "../../src/testutil/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
});
afterAll(() => h.close());

describe("development bootstrap", () => {
  it("creates the dev account once and prints the same credentials on every start", async () => {
    const first = await ensureDevAccount(h.deps);
    const again = await ensureDevAccount(h.deps);
    expect(again).toEqual(first);
    const res = await h.request("GET", "/account", { token: first.apiKey });
    expect(res.body.account).toMatchObject({ email: "dev@clipwright.local", emailVerified: true });
    expect(res.body.wallet.planActive).toBe(true);
    expect(res.body.credential.scopes).toHaveLength(12);
  });

  it("recovers from a lost credentials file: new password that works, old key stopped, no pile of keys", async () => {
    const before = await ensureDevAccount(h.deps);
    rmSync(join(h.deps.config.dataDir, "dev-credentials.json"));
    const after = await ensureDevAccount(h.deps);
    expect(after.password).not.toBe(before.password);
    const signIn = await h.request("POST", "/auth/sessions", {
      body: { email: after.email, password: after.password },
    });
    expect(signIn.status).toBe(201);
    expect((await h.request("GET", "/account", { token: before.apiKey })).status).toBe(401);
    expect((await h.request("GET", "/account", { token: after.apiKey })).status).toBe(200);
    const keys = await h.request("GET", "/keys", { token: signIn.body.token });
    expect(keys.body.data.filter((k: { status: string }) => k.status === "active")).toHaveLength(1);
  });
});
