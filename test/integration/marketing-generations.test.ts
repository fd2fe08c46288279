import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iso } from "../../src/clock.js";
import { uuidv7 } from "../../src/ids.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { ranJobRow } from "../support/job-row.js";
import { capturedVersion, seedSource } from "../support/seed-source.js";

// A generation's life without running one (no worker): read, listed, cancelled, retried — and each of
// their refusals. What a generation makes is in marketing-projects-e2e.test.ts and marketing-projects.test.ts.
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let other: Awaited<ReturnType<Harness["user"]>>;
let sourceId: string;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory", workers: false });
  user = await h.user();
  other = await h.user();
  sourceId = (await seedSource(h, user.id, { versions: [await capturedVersion("saas")] })).sourceId;
});
afterAll(() => h?.close());
beforeEach(() => h.clock.advance(60_000));

const post = (path: string, token = user.key, body: unknown = {}) =>
  h.request("POST", path, { token, idempotencyKey: idem(), body });
const start = async () => {
  const res = await post("/marketing/generations", user.key, { sourceId, templateId: "social-teaser" });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.id as string;
};

/** A settled generation as the job engine leaves one: succeeded, or failed with a retryable flag. */
async function settled(state: "succeeded" | "failed", retryable = false): Promise<string> {
  const id = uuidv7(h.clock.now().getTime());
  const at = iso(h.clock.now());
  const row = ranJobRow({
    id,
    accountId: user.id,
    kind: "marketing.generation",
    state,
    at,
    result: null,
    input: {},
    failedWith: "tts_unavailable",
  });
  await h.deps.db.kysely
    .insertInto("jobs")
    .values({ ...row, error_retryable: state === "failed" ? (retryable ? 1 : 0) : null })
    .execute();
  await h.deps.db.kysely
    .insertInto("marketing_generations")
    .values({
      job_id: id,
      account_id: user.id,
      source_id: sourceId,
      source_version: 1,
      template_id: "social-teaser",
      request_hash: null,
      created_at: at,
    })
    .execute();
  return id;
}

describe("reading and listing", () => {
  it("answers the envelope at its id; unknown and another account's are generation_not_found", async () => {
    const id = await start();
    const res = await h.request("GET", `/marketing/generations/${id}`, { token: user.key });
    const preflight = await post("/marketing/generations/preflight", other.key, {
      sourceId,
      templateId: "social-teaser",
    });
    expect(preflight.body.error.code).toBe("source_not_found");
    expect(res.body).toMatchObject({ id, kind: "marketing.generation", state: "queued" });
    for (const [token, gid] of [
      [other.key, id],
      [user.key, "01900000-0000-7000-8000-000000000000"],
    ] as const) {
      const missing = await h.request("GET", `/marketing/generations/${gid}`, { token });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("generation_not_found");
    }
    const list = await h.request("GET", "/marketing/generations", { token: user.key });
    expect(list.body.data[0].id).toBe(id);
    expect((await h.request("GET", "/marketing/generations", { token: other.key })).body.data).toEqual([]);
  });
});

describe("cancel and retry", () => {
  it("cancels a queued generation at once, then answers already_settled", async () => {
    const id = await start();
    const cancelled = await post(`/marketing/generations/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ resource: { id, state: "cancelled" }, removedFromQueue: true });
    const again = await post(`/marketing/generations/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "already_settled", details: { state: "cancelled" } });
    const theirs = await post(`/marketing/generations/${id}/cancel`, other.key);
    expect(theirs.body.error.code).toBe("generation_not_found");
  });
  it("retries a cancelled generation as a new one with the same choices", async () => {
    const id = await start();
    await post(`/marketing/generations/${id}/cancel`);
    const retried = await post(`/marketing/generations/${id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect(retried.body.id).not.toBe(id);
    expect(retried.headers.location).toBe(`/api/v1/marketing/generations/${retried.body.id}`);
    const inputs = await h.deps.db.kysely
      .selectFrom("jobs")
      .select(["id", "input"])
      .where("id", "in", [id, retried.body.id])
      .execute();
    expect(inputs[0]?.input).toBe(inputs[1]?.input);
  });
  it("refuses to retry one still queued, one that succeeded, and one whose failure would repeat", async () => {
    const queued = await start();
    const busy = await post(`/marketing/generations/${queued}/retry`);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({ code: "generation_busy", details: { state: "queued" } });
    for (const id of [await settled("succeeded"), await settled("failed", false)]) {
      const res = await post(`/marketing/generations/${id}/retry`);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.code).toBe("generation_not_retryable");
    }
    const unknown = await post("/marketing/generations/01900000-0000-7000-8000-000000000000/retry");
    expect(unknown.body.error.code).toBe("generation_not_found");
    const theirs = await post(`/marketing/generations/${queued}/retry`, other.key);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("generation_not_found");
  });
});
