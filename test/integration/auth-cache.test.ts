import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beginAccountDeletion } from "../../src/domains/account/deletion.js";
import { Harness, idem } from "../../src/testutil/harness.js";

// The credential cache under attack, and credentials of an account being deleted. The database
// lookups the authenticator makes are counted (Authenticator.databaseLookups): a request served from
// the cache adds none. The fake clock does not move unless a test moves it, so "within the cache's
// lifetime" is exact.

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
});
afterAll(() => h.close());

const getAccount = (token: string) => h.request("GET", "/account", { token });
const lookups = () => h.deps.auth.databaseLookups;
const base62 = (n: number) => {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return Array.from(randomBytes(n), (b) => alphabet[b % 62]).join("");
};

describe("the credential cache", () => {
  it("keeps a working key cached through 20,000 unknown tokens", async () => {
    const u = await h.user();
    expect((await getAccount(u.key)).status).toBe(200); // looked up once, cached

    // Well-formed but unknown keys and sessions (each a real database lookup), then malformed ones.
    // Straight to the authenticator: the HTTP pipeline in front adds nothing to what is cached.
    for (let i = 0; i < 20_000; i++) {
      const token = i % 4 === 0 ? `sess_${base62(40)}` : i % 4 === 1 ? `svc_live_${base62(40)}` : `svc_x${base62(20)}`;
      await expect(h.deps.auth.authenticate({ authorization: `Bearer ${token}` })).rejects.toMatchObject({
        code: "unauthorized",
      });
    }

    const before = lookups();
    const res = await getAccount(u.key);
    expect(res.status).toBe(200);
    expect(lookups()).toBe(before); // answered from the cache
  }, 60_000);

  it("still refuses a repeated unknown token from the cache, and malformed tokens without a lookup", async () => {
    const unknown = `svc_live_${base62(40)}`;
    expect((await getAccount(unknown)).status).toBe(401);
    const before = lookups();
    expect((await getAccount(unknown)).body.error.details.reason).toBe("unknown_key");
    expect((await getAccount("svc_live_short")).body.error.details.reason).toBe("unknown_key");
    expect((await getAccount("sess_short")).body.error.details.reason).toBe("unknown_session");
    expect(lookups()).toBe(before);
  });

  it("forgets only the signed-out session: the account's key and other sessions stay cached", async () => {
    const u = await h.user();
    const other = await h.session(u.email, u.password);
    const stranger = await h.user();
    for (const token of [u.key, u.session, other, stranger.key]) expect((await getAccount(token)).status).toBe(200);

    const before = lookups();
    const out = await h.request("DELETE", "/auth/sessions/current", { token: u.session });
    expect(out.status).toBe(204);
    for (const token of [u.key, other, stranger.key]) expect((await getAccount(token)).status).toBe(200);
    expect(lookups()).toBe(before);
    // The signed-out session is refused at once, without waiting for its cached lookup to age.
    expect((await getAccount(u.session)).body.error.details.reason).toBe("unknown_session");
  });

  it("revoking a key forgets that account's lookups at once, and no other account's", async () => {
    const u = await h.user();
    const second = await h.key(u.id);
    const stranger = await h.user();
    for (const token of [u.key, second.secret, stranger.key]) expect((await getAccount(token)).status).toBe(200);
    const revoked = await h.request("POST", `/keys/${second.id}/revoke`, {
      token: u.session,
      idempotencyKey: idem(),
      body: {},
    });
    expect(revoked.status).toBe(200);
    expect((await getAccount(second.secret)).body.error.details.reason).toBe("key_revoked");
    const before = lookups();
    expect((await getAccount(stranger.key)).status).toBe(200);
    expect(lookups()).toBe(before);
  });
});

describe("credentials of an account being deleted", () => {
  it("stop working at once, keys and sessions alike, even while their lookups are cached", async () => {
    const u = await h.user();
    const other = await h.user();
    for (const token of [u.key, u.session, other.key]) expect((await getAccount(token)).status).toBe(200);

    // What the deletion operation will do: mark the account and drop its cached lookups.
    await beginAccountDeletion(h.deps, u.id);

    for (const token of [u.key, u.session]) {
      const res = await getAccount(token);
      expect([res.status, res.body.error.code]).toEqual([403, "account_pending_deletion"]);
    }
    const mcp = await h.request("POST", "/mcp", {
      token: u.key,
      headers: { accept: "application/json, text/event-stream" },
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      unchecked: true, // not an operation of the OpenAPI document
    });
    expect([mcp.status, mcp.body.error.code]).toEqual([403, "account_pending_deletion"]);
    const signIn = await h.request("POST", "/auth/sessions", { body: { email: u.email, password: u.password } });
    expect([signIn.status, signIn.body.error.code]).toEqual([403, "account_pending_deletion"]);
    expect((await getAccount(other.key)).status).toBe(200);
  });

  it("stop working in every process within the cache's lifetime (the lookup reads the account's state)", async () => {
    const u = await h.user();
    expect((await getAccount(u.key)).status).toBe(200);
    expect((await getAccount(u.session)).status).toBe(200);
    // Another process deleted the account: this one's cache was not told.
    await h.db.kysely.updateTable("accounts").set({ deletion_status: "deleted" }).where("id", "=", u.id).execute();
    h.clock.advance(500);
    for (const token of [u.key, u.session]) {
      const res = await getAccount(token);
      expect([res.status, res.body.error.code]).toEqual([403, "account_deleted"]);
    }
    const signIn = await h.request("POST", "/auth/sessions", { body: { email: u.email, password: u.password } });
    expect([signIn.status, signIn.body.error.code]).toEqual([403, "account_deleted"]);
  });

  it("a revoked or unknown credential of a deleted account is still a 401", async () => {
    const u = await h.user();
    const second = await h.key(u.id);
    await h.request("POST", `/keys/${second.id}/revoke`, { token: u.session, idempotencyKey: idem(), body: {} });
    await beginAccountDeletion(h.deps, u.id);
    expect((await getAccount(second.secret)).body.error.details.reason).toBe("key_revoked");
  });
});
