import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem, type TestResponse } from "../../src/testutil/harness.js";
import { staticResolver } from "../support/static-resolver.js";

// The spec: a key's plaintext and a webhook signing secret are shown once and never retrievable.
// Repeating the creating request under its Idempotency-Key must not hand them out again, and the
// stored answer the replay comes from must not hold them either (not even sealed).

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({
    workers: false,
    rateStore: "memory",
    // Workers are off: nothing is ever sent to this address.
    resolver: staticResolver({ "hooks.example.com": ["93.184.216.34"] }),
  });
  user = await h.user();
});
afterAll(() => h.close());

// A whole key or signing secret. (A key's 17-character `prefix` stays readable by design.)
const SECRET_SHAPES = [/svc_live_[0-9A-Za-z]{40}/, /whsec_/];

/** The stored answer as the database holds it, and opened with the vault. */
async function storedAnswer(key: string): Promise<string[]> {
  const row = await h.db.kysely
    .selectFrom("idempotency_claims")
    .selectAll()
    .where("account_id", "=", user.id)
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  const raw = String(row.response_body);
  return [raw, h.deps.vault.open(raw)];
}

/** Sends the same request twice under one key; checks the replay and the stored answer. */
async function replayHidesSecret(send: (key: string) => Promise<TestResponse>) {
  const key = idem();
  const first = await send(key);
  expect(first.status).toBe(201);
  const secret = first.body.secret as string;
  expect(SECRET_SHAPES.some((shape) => shape.test(secret))).toBe(true);

  const again = await send(key);
  expect(again.status).toBe(201);
  expect(again.headers["idempotent-replayed"]).toBe("true");
  expect(again.headers.location).toBe(first.headers.location);
  expect(again.body).toEqual({ ...first.body, secret: null });
  for (const text of [again.text, ...(await storedAnswer(key))]) {
    expect(text).not.toContain(secret);
    for (const shape of SECRET_SHAPES) expect(text).not.toMatch(shape);
  }
  return { first, again };
}

describe("one-time secrets on an idempotent replay", () => {
  it("POST /keys: the replay answers secret null; the key shown first still works", async () => {
    const body = { name: "replayed", scopes: ["account:read"] };
    const { first } = await replayHidesSecret((key) =>
      h.request("POST", "/keys", { token: user.session, idempotencyKey: key, body }),
    );
    expect((await h.request("GET", "/account", { token: first.body.secret })).status).toBe(200);
  });

  it("POST /keys/{id}/rotate: the replay answers secret null, and rotates nothing more", async () => {
    const old = await h.request("POST", "/keys", {
      token: user.session,
      idempotencyKey: idem(),
      body: { name: "to rotate", scopes: ["account:read"] },
    });
    const { first, again } = await replayHidesSecret((key) =>
      h.request("POST", `/keys/${old.body.key.id}/rotate`, {
        token: user.session,
        idempotencyKey: key,
        body: { graceSeconds: 60 },
      }),
    );
    expect(again.body.key.id).toBe(first.body.key.id);
    expect((await h.request("GET", "/account", { token: first.body.secret })).status).toBe(200);
  });

  it("POST /webhooks: the replay answers secret null", async () => {
    const body = { url: "https://hooks.example.com/replayed", events: ["render.failed"] };
    const { first, again } = await replayHidesSecret((key) =>
      h.request("POST", "/webhooks", { token: user.key, idempotencyKey: key, body }),
    );
    expect(again.body.endpoint.id).toBe(first.body.endpoint.id);
  });

  it("keeps other stored answers whole: a refusal replays as it was (under the replay's own requestId)", async () => {
    const key = idem();
    const body = { name: "past", scopes: ["account:read"], expires: "2001-01-01" };
    const first = await h.request("POST", "/keys", { token: user.session, idempotencyKey: key, body });
    const again = await h.request("POST", "/keys", { token: user.session, idempotencyKey: key, body });
    expect(first.status).toBe(400);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual({ error: { ...first.body.error, requestId: again.headers["x-request-id"] } });
  });
});
