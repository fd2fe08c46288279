import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iso } from "../../src/clock.js";
import { ApiError } from "../../src/contract/errors.js";
import { isPinned, pinVersion, unpinVersion } from "../../src/domains/marketing-sources/pins.js";
import { sweepExpiredArtifacts } from "../../src/jobs/sweeper.js";
import { staticResolver } from "../../src/net/resolver.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { scriptedSources } from "../support/source-jobs.js";

// Versions and pinning (decision 0025): a pinned version's job has expiresAt null and the sweeper skips
// it; the last unpin gives it the later of creation + retention and release + retention; deleting wins.

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
const project = (id: string) => ({ kind: "project", id });
const pin = (sourceId: string, version: number, holder = project("p1")) =>
  h.deps.db.kysely.transaction().execute((tx) => pinVersion(tx, sourceId, version, holder, h.clock.now()));
const unpin = (sourceId: string, version: number, holder = project("p1")) =>
  h.deps.db.kysely
    .transaction()
    .execute((tx) => unpinVersion(tx, sourceId, version, holder, h.deps.config.artifactRetentionDays, h.clock.now()));
const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

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

describe("pins", () => {
  it("a pinned version never expires: expiresAt null, the sweeper skips it; the others expire", async () => {
    const id = await withVersions(2);
    await pin(id, 1);
    await pin(id, 1); // once per holder: pinning again changes nothing
    expect((await get(`${id}?version=1`)).body.expiresAt).toBeNull();
    h.clock.advance(40 * DAY);
    await sweepExpiredArtifacts(h.deps);
    expect((await get(`${id}?version=1`)).body).toMatchObject({ artifactsExpired: false, expiresAt: null });
    expect((await get(`${id}?version=2`)).body.artifactsExpired).toBe(true);
    // The source still has a retained version: it is not expired.
    expect((await get(id)).body.artifactsExpired).toBe(false);
  });

  it("a version pinned while the sweeper is at work keeps its files; one the sweeper claimed cannot be pinned", async () => {
    const first = await withVersions(1);
    const second = await withVersions(1);
    const due = new Date(h.clock.now().getTime() + h.deps.config.artifactRetentionDays * DAY - 1_000);
    h.clock.advance(31 * DAY);
    // The sweeper has read both versions as due; while it deletes the first one's files, another process
    // (its clock a moment behind) pins the other, and then tries the first.
    let pinnedMeanwhile: unknown = null;
    const storage = Object.assign(Object.create(h.deps.storage) as typeof h.deps.storage, {
      delete: async (key: string) => {
        if (pinnedMeanwhile === null) {
          const [swept, other] = key.includes(first) ? [first, second] : [second, first];
          pinnedMeanwhile = other;
          await h.deps.db.kysely.transaction().execute((tx) => pinVersion(tx, other, 1, project("late"), due));
          const lost = await refusal(
            h.deps.db.kysely.transaction().execute((tx) => pinVersion(tx, swept, 1, project("late"), due)),
          );
          expect(lost.code).toBe("source_version_expired");
        }
        return h.deps.storage.delete(key);
      },
    });
    expect(await sweepExpiredArtifacts({ ...h.deps, storage })).toBe(1);
    const kept = pinnedMeanwhile as unknown as string;
    expect((await get(`${kept}?version=1`)).body).toMatchObject({ artifactsExpired: false, expiresAt: null });
    expect(await isPinned(h.deps.db.kysely, kept, 1)).toBe(true);
    const swept = kept === first ? second : first;
    expect((await get(`${swept}?version=1`)).body.artifactsExpired).toBe(true);
    expect(await isPinned(h.deps.db.kysely, swept, 1)).toBe(false);
    // The kept version's files are all still there.
    const manifest = (await get(`${kept}?version=1`)).body.result.artifacts as { url: string }[];
    for (const a of manifest) {
      const got = await h.app.inject({ method: "GET", url: a.url.replace(h.deps.config.publicUrl, "") });
      expect(got.statusCode).toBe(200);
    }
  });

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

  it("the last unpin sets expiresAt to the later of creation and release, plus retention", async () => {
    const id = await withVersions(1);
    await pin(id, 1, project("a"));
    await pin(id, 1, project("b"));
    h.clock.advance(45 * DAY);
    await unpin(id, 1, project("a"));
    const tx = h.deps.db.kysely;
    expect(await isPinned(tx, id, 1)).toBe(true);
    expect((await get(`${id}?version=1`)).body.expiresAt).toBeNull();
    await unpin(id, 1, project("b"));
    expect(await isPinned(tx, id, 1)).toBe(false);
    const released = h.clock.now().getTime();
    expect((await get(`${id}?version=1`)).body.expiresAt).toBe(
      iso(new Date(released + h.deps.config.artifactRetentionDays * DAY)),
    );
    await sweepExpiredArtifacts(h.deps);
    expect((await get(`${id}?version=1`)).body.artifactsExpired).toBe(false);
  });

  it("refuses a missing version (404 source_version_not_found) and an expired one (410 source_version_expired)", async () => {
    const id = await withVersions(1);
    h.clock.advance(31 * DAY);
    await sweepExpiredArtifacts(h.deps);
    // Version 1 expired: the source is expired, a refresh cannot revive it.
    const revive = await h.request("POST", `/marketing/sources/${id}/refresh`, {
      token: user.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(revive.status).toBe(410);
    expect(revive.body.error.code).toBe("source_expired");
    const missing = await refusal(pin(id, 5));
    expect(missing).toMatchObject({ code: "source_version_not_found", details: { version: 5, latestVersion: 1 } });
    const expired = await refusal(pin(id, 1));
    expect(expired).toMatchObject({ code: "source_version_expired", details: { version: 1, retainedVersions: [] } });
  });

  it("deleting wins over pinning: the pinned version's files are removed; pinning a deleted source is 410", async () => {
    const id = await withVersions(1);
    await pin(id, 1);
    const env = (await get(`${id}?version=1`)).body;
    const key = `sources/${id}/v1/source.json`;
    expect(env.expiresAt).toBeNull();
    await expect(h.deps.storage.get(key)).resolves.toBeInstanceOf(Buffer);
    const del = await h.request("DELETE", `/marketing/sources/${id}`, { token: user.key, idempotencyKey: idem() });
    expect(del.status).toBe(200);
    expect(await isPinned(h.deps.db.kysely, id, 1)).toBe(false);
    await sweepExpiredArtifacts(h.deps);
    await expect(h.deps.storage.get(key)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await refusal(pin(id, 1))).toMatchObject({ code: "source_deleted", details: { sourceId: id } });
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
