import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../../src/config.js";
import { sweepExpiredArtifacts } from "../../src/jobs/sweeper.js";
import { StoredFileMissing } from "../../src/storage/storage.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { scriptedSources, seedRender } from "../support/source-jobs.js";
import { staticResolver } from "../support/static-resolver.js";
import { within } from "../support/wait.js";

// The sources API's lifecycle (decision 0025): create, read, list, refresh into versions, cancel, delete,
// events, isolation, and the Idempotency-Key record outliving its claim. Runs are scripted (no Chromium).

const RESOLVER = staticResolver({ "acme.example": ["93.184.216.34"], "other.example": ["93.184.216.35"] });
const sources = scriptedSources();

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let stranger: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({
    resolver: RESOLVER,
    jobDefinitions: sources.definitions,
    rateStore: "memory",
    // Many scans of one origin here: the cap and the expensive rate class have their own tests.
    config: {
      sourceOriginDailyCap: 1000,
      rateLimits: { ...DEFAULT_RATE_LIMITS, perMinute: { ...DEFAULT_RATE_LIMITS.perMinute, expensive: 1000 } },
    },
  });
  user = await h.user({ topupSeconds: 100 }); // top-ups never lapse: tests move the clock by a month
  stranger = await h.user();
});
afterAll(() => h.close());

const create = (body: unknown, token = user.key, key = idem()) =>
  h.request("POST", "/marketing/sources", { token, idempotencyKey: key, body });
const get = (id: string, token = user.key) => h.request("GET", `/marketing/sources/${id}`, { token });
const refresh = (id: string, body: unknown = {}, token = user.key, key = idem()) =>
  h.request("POST", `/marketing/sources/${id}/refresh`, { token, idempotencyKey: key, body });
const cancel = (id: string, token = user.key) =>
  h.request("POST", `/marketing/sources/${id}/cancel`, { token, idempotencyKey: idem(), body: {} });
const remove = (id: string, token = user.key, key = idem()) =>
  h.request("DELETE", `/marketing/sources/${id}`, { token, idempotencyKey: key });
const list = async (token = user.key) => (await h.request("GET", "/marketing/sources?limit=100", { token })).body;
const events = async (accountId: string) =>
  (
    await h.deps.db.kysely
      .selectFrom("webhook_events")
      .select(["type", "body"])
      .where("account_id", "=", accountId)
      .orderBy("created_at")
      .orderBy("id")
      .execute()
  ).map((e) => ({ type: e.type, id: (JSON.parse(e.body) as { data: { id: string } }).data.id }));

/** A source scanned to version 1. */
async function scanned(url = "https://acme.example/"): Promise<string> {
  const res = await create({ url });
  expect(res.status).toBe(202);
  await h.drain();
  expect((await get(res.body.id)).body.state).toBe("succeeded");
  return res.body.id as string;
}

describe("POST /marketing/sources and GET", () => {
  it("starts a scan job (202, Location, cost 0) that succeeds into version 1 with its manifest, and emits marketing.source.succeeded", async () => {
    const res = await create({ url: "https://acme.example/pricing#plans" });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/marketing/sources/${res.body.id}`);
    expect(res.body).toMatchObject({
      kind: "marketing.source_scan",
      state: "queued",
      cost: { secondsReserved: 0, secondsCharged: null, watermark: false },
      result: null,
    });
    await h.drain();
    const done = await get(res.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: res.body.id, state: "succeeded", cost: { secondsCharged: 0 } });
    expect(done.body.result.artifacts.map((a: { type: string }) => a.type)).toEqual(["source"]);
    // The stored and scanned address is the checked href without its fragment; the source id is the job id.
    expect(sources.inputs.get(res.body.id)).toEqual({
      kind: "url",
      sourceId: res.body.id,
      version: 1,
      previousVersion: null,
      url: "https://acme.example/pricing",
    });
    const manifest = await h.app.inject({
      method: "GET",
      url: done.body.result.artifacts[0].url.replace(h.deps.config.publicUrl, ""),
    });
    expect(JSON.parse(manifest.body)).toMatchObject({ schema: "clipwright.source.v1", version: 1 });
    const mine = (await events(user.id)).filter((e) => e.id === res.body.id);
    expect(mine).toEqual([{ type: "marketing.source.succeeded", id: res.body.id }]);
  });

  it("lists sources newest first, scans only (no refresh operations)", async () => {
    const a = await scanned();
    const b = await scanned("https://other.example/");
    const op = await refresh(a);
    await h.drain();
    const ids = (await list()).data.map((e: { id: string }) => e.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(ids).not.toContain(op.body.id);
    expect((await list()).data.every((e: { kind: string }) => e.kind === "marketing.source_scan")).toBe(true);
  });

  it("a failed scan fails with the scanner's code and emits marketing.source.failed", async () => {
    sources.next({ outcome: "unreadable" });
    const res = await create({ url: "https://acme.example/empty" });
    await h.drain();
    const failed = await get(res.body.id);
    expect(failed.body).toMatchObject({ state: "failed", error: { code: "source_unreadable", retryable: false } });
    expect((await events(user.id)).filter((e) => e.id === res.body.id)).toEqual([
      { type: "marketing.source.failed", id: res.body.id },
    ]);
  });

  it("makes a render source from a succeeded render: the render's files and site, version 1", async () => {
    const renderId = await seedRender(h, user.id, { url: "https://shop.example/start" });
    const res = await create({ renderId });
    expect(res.status).toBe(202);
    await h.drain();
    expect((await get(res.body.id)).body.state).toBe("succeeded");
    const input = sources.inputs.get(res.body.id) as { kind: string; files: Record<string, string | null> };
    expect(input).toMatchObject({ kind: "render", version: 1, renderId, url: "https://shop.example/start" });
    expect(input.files.video).toBe(`jobs/${renderId}/video.mp4`);
    expect(input.files.poster).toBe(`jobs/${renderId}/poster.jpg`);
    expect(input.files.captions).toBe(`jobs/${renderId}/captions.vtt`);
    // A render cannot be re-read.
    const again = await refresh(res.body.id);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "source_kind_mismatch", details: { kind: "render" } });
  });
});

describe("versions: refresh", () => {
  it("a succeeded refresh is the next version, read by ?version= and polled at its own id; it emits no event", async () => {
    const id = await scanned();
    const before = (await events(user.id)).length;
    const res = await refresh(id, { url: "https://acme.example/#top", expectedVersion: 1 });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/marketing/sources/${res.body.id}`);
    expect(res.body).toMatchObject({ kind: "marketing.source_operation", state: "queued" });
    await h.drain();
    expect(sources.inputs.get(res.body.id)).toEqual({
      kind: "url",
      sourceId: id,
      version: 2,
      previousVersion: 1,
      url: "https://acme.example/",
    });
    expect((await get(res.body.id)).body).toMatchObject({ id: res.body.id, state: "succeeded" });
    expect((await get(`${id}?version=1`)).body.id).toBe(id);
    expect((await get(`${id}?version=2`)).body.id).toBe(res.body.id);
    expect((await get(`${id}?version=latest`)).body.id).toBe(res.body.id);
    // The source's own envelope is still its scan's.
    expect((await get(id)).body).toMatchObject({ id, kind: "marketing.source_scan" });
    const past = await get(`${id}?version=3`);
    expect(past.status).toBe(404);
    expect(past.body.error).toMatchObject({
      code: "source_version_not_found",
      details: { version: 3, latestVersion: 2 },
    });
    expect((await events(user.id)).length).toBe(before);
  });

  it("failed and cancelled refreshes make no version: numbers have no gaps", async () => {
    const id = await scanned();
    sources.next({ outcome: "unreadable" });
    const failed = await refresh(id);
    await h.drain();
    expect((await get(failed.body.id)).body.state).toBe("failed");
    const held = sources.hold();
    const stopped = await refresh(id);
    await within(held.arrived, { what: "the refresh to run" });
    expect((await cancel(stopped.body.id)).status).toBe(200);
    held.release();
    await h.drain();
    expect((await get(stopped.body.id)).body.state).toBe("cancelled");
    expect((await get(`${id}?version=latest`)).body.id).toBe(id);
    const next = await refresh(id, { expectedVersion: 1 });
    expect(next.status).toBe(202);
    await h.drain();
    expect(sources.inputs.get(next.body.id)).toMatchObject({ version: 2, previousVersion: 1 });
    expect((await get(`${id}?version=2`)).body.id).toBe(next.body.id);
  });

  it("a stale expectedVersion is refused (409 source_version_mismatch), nothing started", async () => {
    const id = await scanned();
    await refresh(id);
    await h.drain();
    const res = await refresh(id, { expectedVersion: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "source_version_mismatch",
      details: { expectedVersion: 1, latestVersion: 2 },
    });
  });
});

describe("cancel and one inspection at a time", () => {
  it("cancels a running scan: cancel_requested, repeatable, stopping refuses refresh and delete, then cancelled with its event", async () => {
    const held = sources.hold();
    const res = await create({ url: "https://acme.example/slow" });
    const id = await within(held.arrived, { what: "the scan to run" });
    expect(id).toBe(res.body.id);
    const first = await cancel(id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ removedFromQueue: false, resource: { id, internalStatus: "cancel_requested" } });
    const second = await cancel(id);
    expect(second.status).toBe(200);
    expect(second.body.resource.id).toBe(id);
    const busyRefresh = await refresh(id);
    expect(busyRefresh.status).toBe(409);
    expect(busyRefresh.body.error).toMatchObject({ code: "source_inspection_stopping", details: { operationId: id } });
    const busyDelete = await remove(id);
    expect(busyDelete.status).toBe(409);
    expect(busyDelete.body.error.code).toBe("source_inspection_stopping");
    held.release();
    await h.drain();
    expect((await get(id)).body.state).toBe("cancelled");
    expect((await events(user.id)).filter((e) => e.id === id)).toEqual([{ type: "marketing.source.cancelled", id }]);
    const settled = await cancel(id);
    expect(settled.status).toBe(409);
    expect(settled.body.error).toMatchObject({ code: "already_settled", details: { state: "cancelled" } });
    // No succeeded version: a refresh has nothing to refresh.
    const notReady = await refresh(id);
    expect(notReady.status).toBe(409);
    expect(notReady.body.error).toMatchObject({ code: "source_not_ready", details: { state: "cancelled" } });
  });

  it("while a refresh runs: refresh and delete are busy; cancel with the source id cancels the refresh", async () => {
    const id = await scanned();
    const held = sources.hold();
    const op = await refresh(id);
    await within(held.arrived, { what: "the refresh to run" });
    const again = await refresh(id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "source_inspection_busy",
      details: { operationId: op.body.id, state: "running" },
    });
    const del = await remove(id);
    expect(del.status).toBe(409);
    expect(del.body.error).toMatchObject({ code: "source_inspection_busy", details: { operationId: op.body.id } });
    const stop = await cancel(id);
    expect(stop.status).toBe(200);
    expect(stop.body.resource).toMatchObject({ id: op.body.id, kind: "marketing.source_operation" });
    held.release();
    await h.drain();
    expect((await get(op.body.id)).body.state).toBe("cancelled");
    expect((await get(id)).body.state).toBe("succeeded");
  });
});

describe("DELETE /marketing/sources/{id}", () => {
  it("writes a tombstone: 410 source_deleted everywhere, left out of the list, every version's files swept", async () => {
    const id = await scanned();
    const op = await refresh(id);
    await h.drain();
    const keys = await Promise.all(
      [id, op.body.id].map(async (j) => {
        const row = await h.deps.db.kysely
          .selectFrom("jobs")
          .select("result")
          .where("id", "=", j)
          .executeTakeFirstOrThrow();
        return (JSON.parse(row.result as string) as { artifacts: { key: string }[] }).artifacts[0]?.key as string;
      }),
    );
    for (const key of keys) expect(await h.deps.storage.get(key)).not.toBeNull();
    const key = idem();
    const res = await remove(id, user.key, key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    const replay = await remove(id, user.key, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ id, deleted: true });
    for (const target of [id, op.body.id, `${id}?version=1`]) {
      const r = await get(target);
      expect(r.status).toBe(410);
      expect(r.body.error).toMatchObject({ code: "source_deleted", details: { sourceId: id } });
    }
    for (const r of [await refresh(id), await cancel(id), await remove(id)]) {
      expect(r.status).toBe(410);
      expect(r.body.error.code).toBe("source_deleted");
    }
    expect((await list()).data.map((e: { id: string }) => e.id)).not.toContain(id);
    // The tombstone keeps no address.
    const row = await h.deps.db.kysely
      .selectFrom("marketing_sources")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ url: null, origin: null });
    expect(row.deleted_at).not.toBeNull();
    await sweepExpiredArtifacts(h.deps);
    for (const k of keys) await expect(h.deps.storage.get(k)).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it("answers 404 for a refresh operation id (source ids only)", async () => {
    const id = await scanned();
    const op = await refresh(id);
    await h.drain();
    const res = await remove(op.body.id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

describe("isolation", () => {
  it("another account's source and its operations answer 404 not_found to every operation", async () => {
    const id = await scanned();
    const op = await refresh(id);
    await h.drain();
    for (const r of [
      await get(id, stranger.key),
      await get(op.body.id, stranger.key),
      await get(`${id}?version=1`, stranger.key),
      await refresh(id, {}, stranger.key),
      await cancel(id, stranger.key),
      await remove(id, stranger.key),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("not_found");
    }
    expect((await list(stranger.key)).data.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await get(id)).status).toBe(200);
  });
});

describe("Idempotency-Key after its 24-hour claim", () => {
  it("create: the same body answers 200 with the known source; another body 409 source_idempotency_conflict", async () => {
    const key = idem();
    const first = await create({ url: "https://acme.example/idem" }, user.key, key);
    expect(first.status).toBe(202);
    await h.drain();
    h.clock.advance(25 * 3600_000);
    const same = await create({ url: "https://acme.example/idem" }, user.key, key);
    expect(same.status).toBe(200);
    expect(same.headers["idempotent-replayed"]).toBeUndefined();
    expect(same.body).toMatchObject({ id: first.body.id, state: "succeeded" });
    expect(same.headers.location).toBe(`/api/v1/marketing/sources/${first.body.id}`);
    h.clock.advance(25 * 3600_000);
    const other = await create({ url: "https://other.example/" }, user.key, key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: "source_idempotency_conflict",
      details: { sourceId: first.body.id },
    });
  });

  it("refresh: the same body answers 200 with the known operation; another body 409 with its operationId", async () => {
    const id = await scanned();
    const key = idem();
    const first = await refresh(id, {}, user.key, key);
    await h.drain();
    h.clock.advance(25 * 3600_000);
    const same = await refresh(id, {}, user.key, key);
    expect(same.status).toBe(200);
    expect(same.body.id).toBe(first.body.id);
    h.clock.advance(25 * 3600_000);
    const other = await refresh(id, { expectedVersion: 2 }, user.key, key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: "source_idempotency_conflict",
      details: { operationId: first.body.id },
    });
  });
});

describe("OpenAPI", () => {
  it("publishes the manifest as the named schema SourceManifest, and each operation's refusals", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const manifest = doc.components.schemas.SourceManifest;
    expect(manifest.properties.schema).toMatchObject({ const: "clipwright.source.v1" });
    expect(Object.keys(manifest.properties)).toEqual(
      expect.arrayContaining(["sourceId", "version", "pages", "brand", "palette", "fonts", "copy", "claims", "assets"]),
    );
    const codes = (op: { responses: Record<string, any> }) =>
      Object.values(op.responses).flatMap((r) => r.content?.["application/json"]?.["x-error-codes"] ?? []);
    const create = doc.paths["/marketing/sources"].post;
    expect(JSON.stringify(codes(create))).toContain("origin_daily_cap");
    expect(JSON.stringify(codes(doc.paths["/marketing/sources/{id}/refresh"].post))).toContain(
      "source_version_mismatch",
    );
    expect(create["x-mcp-tool"]).toBe("marketing_createSource");
  });
});
