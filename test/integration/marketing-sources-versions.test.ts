import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iso } from "../../src/clock.js";
import { sweepExpiredArtifacts } from "../../src/jobs/sweeper.js";
import { StoredFileMissing } from "../../src/storage/storage.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { scriptedSources } from "../support/source-jobs.js";
import { staticResolver } from "../support/static-resolver.js";

// Versions and their retention (decision 0025): each version keeps its own files and expiry; deleting a
// source removes every version's files, pinned ones included. (Pinning itself comes with the
// SourceVersion module; a pin is written here as a row, the way it will be stored.)

const DAY = 86_400_000;
const sources = scriptedSources();
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({
    resolver: staticResolver({ "acme.example": ["93.184.216.34"] }),
    jobDefinitions: sources.definitions,
    rateStore: "memory",
  });
  user = await h.user({ topupSeconds: 100 }); // top-ups never lapse: tests move the clock by months
});
afterAll(() => h.close());

const get = (path: string) => h.request("GET", `/marketing/sources/${path}`, { token: user.key });
/** A project's pin on a version, as stored: the pin row, and the version's job no longer expiring. */
async function pinRow(sourceId: string, version: number): Promise<void> {
  const db = h.deps.db.kysely;
  await db
    .insertInto("source_version_pins")
    .values({ source_id: sourceId, version, holder_kind: "project", holder_id: "p1", created_at: iso(h.clock.now()) })
    .execute();
  const inspection = db
    .selectFrom("marketing_source_inspections")
    .select("job_id")
    .where("source_id", "=", sourceId)
    .where("version", "=", version);
  await db.updateTable("jobs").set({ expires_at: null }).where("id", "in", inspection).execute();
}
const pinRows = async (sourceId: string) =>
  (
    await h.deps.db.kysely
      .selectFrom("source_version_pins")
      .select("version")
      .where("source_id", "=", sourceId)
      .execute()
  ).length;

/** A source with `n` versions (a scan and n − 1 refreshes). */
async function withVersions(n: number): Promise<string> {
  const res = await h.request("POST", "/marketing/sources", {
    token: user.key,
    idempotencyKey: idem(),
    body: { url: "https://acme.example/" },
  });
  await h.drain();
  for (let i = 1; i < n; i++) {
    await h.request("POST", `/marketing/sources/${res.body.id}/refresh`, {
      token: user.key,
      idempotencyKey: idem(),
      body: {},
    });
    await h.drain();
  }
  return res.body.id as string;
}

describe("version files", () => {
  it("each version writes under sources/<id>/v<N>/ and keeps its own expiry", async () => {
    const id = await withVersions(2);
    const v1 = (await get(`${id}?version=1`)).body;
    h.clock.advance(DAY);
    await h.request("POST", `/marketing/sources/${id}/refresh`, { token: user.key, idempotencyKey: idem(), body: {} });
    await h.drain();
    const v3 = (await get(`${id}?version=3`)).body;
    expect(sources.inputs.get(v3.id)).toMatchObject({ sourceId: id, version: 3, previousVersion: 2 });
    // Superseded versions do not expire early: v1 keeps the date it was shown.
    expect((await get(`${id}?version=1`)).body.expiresAt).toBe(v1.expiresAt);
    expect(Date.parse(v3.expiresAt) - Date.parse(v1.expiresAt)).toBeGreaterThanOrEqual(DAY);
    const keyOf = async (jobId: string) => {
      const row = await h.deps.db.kysely
        .selectFrom("jobs")
        .select("result")
        .where("id", "=", jobId)
        .executeTakeFirstOrThrow();
      return (JSON.parse(row.result as string) as { artifacts: { key: string }[] }).artifacts[0]?.key;
    };
    expect(await keyOf(v1.id)).toBe(`sources/${id}/v1/source.json`);
    expect(await keyOf(v3.id)).toBe(`sources/${id}/v3/source.json`);
  });
});

describe("retention", () => {
  it("a delete the storage refuses is tried again on the next round, not left for ever", async () => {
    const id = await withVersions(1);
    h.clock.advance(31 * DAY);
    const failing = Object.assign(Object.create(h.deps.storage) as typeof h.deps.storage, {
      delete: async () => {
        throw new Error("storage unavailable");
      },
    });
    expect(await sweepExpiredArtifacts({ ...h.deps, storage: failing })).toBe(0);
    expect((await get(`${id}?version=1`)).body.artifactsExpired).toBe(false);
    expect(await sweepExpiredArtifacts(h.deps)).toBeGreaterThanOrEqual(1);
    const version = (await get(`${id}?version=1`)).body;
    expect(version.artifactsExpired).toBe(true);
  });

  it("a source whose every version expired cannot be refreshed back (410 source_expired)", async () => {
    const id = await withVersions(1);
    h.clock.advance(31 * DAY);
    await sweepExpiredArtifacts(h.deps);
    const revive = await h.request("POST", `/marketing/sources/${id}/refresh`, {
      token: user.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(revive.status).toBe(410);
    expect(revive.body.error.code).toBe("source_expired");
  });

  it("deleting wins over pinning: a pinned version's files are removed and its pins dropped", async () => {
    const id = await withVersions(1);
    await pinRow(id, 1);
    const env = (await get(`${id}?version=1`)).body;
    const key = `sources/${id}/v1/source.json`;
    expect(env.expiresAt).toBeNull();
    await expect(h.deps.storage.get(key)).resolves.toBeInstanceOf(Buffer);
    const del = await h.request("DELETE", `/marketing/sources/${id}`, { token: user.key, idempotencyKey: idem() });
    expect(del.status).toBe(200);
    expect(await pinRows(id)).toBe(0);
    await sweepExpiredArtifacts(h.deps);
    await expect(h.deps.storage.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
  });
});

describe("cancel of a queued inspection (no workers running)", () => {
  it("is cancelled at once and taken out of the queue, with its event", async () => {
    const idle = await Harness.start({
      resolver: staticResolver({ "acme.example": ["93.184.216.34"] }),
      jobDefinitions: sources.definitions,
      workers: false,
    });
    try {
      const u = await idle.user();
      const res = await idle.request("POST", "/marketing/sources", {
        token: u.key,
        idempotencyKey: idem(),
        body: { url: "https://acme.example/" },
      });
      expect(res.body.state).toBe("queued");
      const cancel = await idle.request("POST", `/marketing/sources/${res.body.id}/cancel`, {
        token: u.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect(cancel.status).toBe(200);
      expect(cancel.body).toMatchObject({ removedFromQueue: true, resource: { id: res.body.id, state: "cancelled" } });
      const events = await idle.deps.db.kysely
        .selectFrom("webhook_events")
        .select("type")
        .where("account_id", "=", u.id)
        .execute();
      expect(events.map((e) => e.type)).toEqual(["marketing.source.cancelled"]);
    } finally {
      await idle.close();
    }
  });
});
