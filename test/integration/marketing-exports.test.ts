import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJob } from "../../src/jobs/catalogue.js";
import { settleJob } from "../../src/jobs/settle.js";
import type { CampaignScene } from "../../src/pipelines/marketing/campaign/document.js";
import type { ExportInput } from "../../src/pipelines/marketing/export/export-input.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { holdable } from "../support/held-job.js";
import { campaignDocumentOf, type SeededProject, seedProject } from "../support/seed-project.js";
import { seedRender } from "../support/source-jobs.js";

// The export operations on both databases, around queued exports (no worker runs them here): create with
// its defaults and choices, the free tier's cap, every refusal with nothing created or held, the replay,
// cancel and its release, a failed export's release, download before success, get and list, a source
// not deleted under an export, and isolation. Exports that succeed are in marketing-exports-e2e.test.ts.
let h: Harness;
type User = Awaited<ReturnType<Harness["user"]>>;
let user: User;
let stranger: User;
let project: SeededProject;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory", workers: false });
  user = await h.user({ topupSeconds: 1000 }); // top-ups never lapse: a test moves the clock a day
  stranger = await h.user();
  project = await seedProject(h, user.id);
});
afterAll(() => h?.close());

const create = (projectId: string, body: unknown = {}, token = user.key, key = idem()) =>
  h.request("POST", `/marketing/projects/${projectId}/exports`, { token, idempotencyKey: key, body });
const get = (id: string, token = user.key) => h.request("GET", `/marketing/exports/${id}`, { token });
const cancel = (id: string, token = user.key) =>
  h.request("POST", `/marketing/exports/${id}/cancel`, { token, idempotencyKey: idem(), body: {} });
const download = (id: string, token = user.key) => h.request("GET", `/marketing/exports/${id}/download`, { token });
const wallet = async (token = user.key) => (await h.request("GET", "/wallet", { token })).body;
const exportJobs = async (accountId: string) =>
  h.deps.db.kysely
    .selectFrom("jobs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("kind", "=", "marketing.export")
    .execute();
const exportRows = async (accountId: string) =>
  h.deps.db.kysely.selectFrom("marketing_exports").selectAll().where("account_id", "=", accountId).execute();
const events = async (accountId: string) =>
  (
    await h.deps.db.kysely
      .selectFrom("webhook_events")
      .select(["type", "body"])
      .where("account_id", "=", accountId)
      .orderBy("created_at")
      .orderBy("id")
      .execute()
  ).map((e) => ({ type: e.type, data: (JSON.parse(e.body) as { data: { id: string } }).data }));

/** Cancels every export of the account still queued, so the next test starts with none in flight. */
async function settleAll(u: User = user) {
  for (const job of await exportJobs(u.id)) if (job.state === "queued") await cancel(job.id, u.key);
}

/** Sends a refused export and checks the answer, and that no export was made and no second held. */
async function refused(
  u: User,
  send: () => ReturnType<typeof create>,
  status: number,
  code: string,
  details?: Record<string, unknown>,
) {
  const [jobs, rows, before] = [(await exportJobs(u.id)).length, (await exportRows(u.id)).length, await wallet(u.key)];
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (details) expect(res.body.error.details).toMatchObject(details);
  expect((await exportJobs(u.id)).length).toBe(jobs);
  expect((await exportRows(u.id)).length).toBe(rows);
  const after = await wallet(u.key);
  expect([after.reservedSeconds, after.availableSeconds]).toEqual([before.reservedSeconds, before.availableSeconds]);
  return res;
}

describe("POST /marketing/projects/{id}/exports", () => {
  it("starts a queued export of the latest revision in its export section, holding its length (202, Location)", async () => {
    const before = await wallet();
    const res = await create(project.projectId);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.resource.id as string;
    expect(res.headers.location).toBe(`/api/v1/marketing/exports/${id}`);
    expect(res.body).toMatchObject({
      created: true,
      resource: { kind: "marketing.export", state: "queued", cost: { secondsReserved: 30, watermark: false } },
      export: {
        projectId: project.projectId,
        revision: 1,
        format: "mp4",
        orientation: "landscape",
        width: 1920,
        height: 1080,
        seconds: 30,
      },
    });
    expect((await wallet()).reservedSeconds).toBe(before.reservedSeconds + 30);
    const got = await get(id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body.resource);

    // The job reads nothing but what the operation resolved.
    const [job] = (await exportJobs(user.id)).filter((j) => j.id === id);
    const input = JSON.parse(job?.input ?? "{}") as ExportInput;
    expect(input).toMatchObject({
      projectId: project.projectId,
      revision: 1,
      document: project.documents[0],
      source: { id: project.sourceId, version: 1 },
      format: "mp4",
      orientation: "landscape",
      seconds: 30,
      watermark: false,
      voice: { id: project.documents[0]?.sound.voiceId },
      language: "en",
      footage: {},
    });
    expect(input.source.files.map((f) => f.type).sort()).toEqual(["logo", "source"]);
    expect(await exportRows(user.id)).toContainEqual(
      expect.objectContaining({ job_id: id, project_id: project.projectId, revision: 1, format: "mp4" }),
    );
    await settleAll();
  });

  it("exports the revision, format and orientation asked; a GIF at most 480 px; no voice when nothing is spoken", async () => {
    const teaser = await seedProject(h, user.id, {
      templateId: "social-teaser",
      documents: [
        campaignDocumentOf(h, { seconds: 30, orientation: "portrait" }),
        campaignDocumentOf(h, { seconds: 15, orientation: "portrait", audioMode: "music_only" }),
      ],
    });
    const webm = await create(teaser.projectId, { revision: 1, format: "webm", orientation: "square" });
    expect(webm.status, JSON.stringify(webm.body)).toBe(202);
    expect(webm.body.export).toMatchObject({ revision: 1, format: "webm", orientation: "square", width: 1080 });
    const gif = await create(teaser.projectId, { format: "gif" });
    expect(gif.status, JSON.stringify(gif.body)).toBe(202);
    expect(gif.body.export).toMatchObject({ revision: 2, format: "gif", width: 270, height: 480, seconds: 15 });
    const [job] = (await exportJobs(user.id)).filter((j) => j.id === gif.body.resource.id);
    expect((JSON.parse(job?.input ?? "{}") as ExportInput).voice).toBeNull();
    await settleAll();
  });

  it("on the free tier holds nothing, is watermarked and is capped at 60 seconds, as renders are", async () => {
    const free = await h.user({ paid: false, freeSeconds: 300 });
    const long = await seedProject(h, free.id, { documents: [campaignDocumentOf(h, { seconds: 90 })] });
    // The free tier calls with a dashboard session (API keys need a plan or top-up time).
    const res = await create(long.projectId, {}, free.session);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.resource.cost).toEqual({ secondsReserved: 0, secondsCharged: null, watermark: true });
    expect(res.body.export.seconds).toBe(60);
    const [job] = await exportJobs(free.id);
    expect(JSON.parse(job?.input ?? "{}")).toMatchObject({ seconds: 60, watermark: true });
    expect((await wallet(free.session)).reservedSeconds).toBe(0);
  });

  it("answers a replay with the stored 202, and once the key's claim expired 200 with created: false", async () => {
    const key = idem();
    const first = await create(project.projectId, {}, user.key, key);
    expect(first.status).toBe(202);
    const replay = await create(project.projectId, {}, user.key, key);
    expect([replay.status, replay.headers["idempotent-replayed"]]).toEqual([202, "true"]);
    h.clock.advance(25 * 3600_000);
    const known = await create(project.projectId, {}, user.key, key);
    expect(known.status).toBe(200);
    expect(known.headers["idempotent-replayed"]).toBeUndefined();
    expect(known.body).toMatchObject({
      created: false,
      resource: { id: first.body.resource.id },
      export: first.body.export,
    });
    expect(known.headers.location).toBe(`/api/v1/marketing/exports/${first.body.resource.id}`);
    expect((await exportJobs(user.id)).filter((j) => j.idempotency_key === key)).toHaveLength(1);
    await settleAll();
  });
  it("gives the job each footage scene's render video; a render gone since is left for the job to fail on", async () => {
    const kept = await seedRender(h, user.id);
    const swept = await seedRender(h, user.id, { expired: true });
    const theirs = await seedRender(h, stranger.id);
    const footage = (renderId: string) => ({ type: "footage" as const, renderId, fromSeconds: 0, toSeconds: 5 });
    const doc = campaignDocumentOf(h, {}, footage(kept));
    doc.story.scenes.push(
      { ...(doc.story.scenes[0] as CampaignScene), id: "sc-3", visual: footage(swept) },
      { ...(doc.story.scenes[0] as CampaignScene), id: "sc-4", visual: footage(theirs) },
    );
    const demo = await seedProject(h, user.id, { templateId: "demo-tour", documents: [doc] });
    const res = await create(demo.projectId);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [job] = (await exportJobs(user.id)).filter((j) => j.id === res.body.resource.id);
    const render = JSON.parse(
      (await h.deps.db.kysely.selectFrom("jobs").select("result").where("id", "=", kept).executeTakeFirstOrThrow())
        .result ?? "{}",
    );
    const videoKey = render.artifacts.find((a: { type: string }) => a.type === "video").key;
    expect((JSON.parse(job?.input ?? "{}") as ExportInput).footage).toEqual({ [kept]: { videoKey } });
    await settleAll();
  });
});

describe("POST /marketing/projects/{id}/exports: refusals (nothing created, nothing held)", () => {
  it("refuses a format, an orientation, a GIF too long and a revision it cannot export", async () => {
    const id = project.projectId;
    await refused(user, () => create(id, { format: "mov" }), 400, "unsupported_format", { format: "mov" });
    await refused(user, () => create(id, { orientation: "diagonal" }), 400, "unsupported_export", {
      reason: "orientation",
    });
    await refused(user, () => create(id, { format: "gif" }), 400, "unsupported_export", { reason: "gif_too_long" });
    await refused(user, () => create(id, { revision: 9 }), 409, "no_revision", { revision: 9, latestRevision: 1 });
  });

  it("refuses an unknown project and another account's (404 project_not_found)", async () => {
    await refused(user, () => create("01900000-0000-7000-8000-000000000000"), 404, "project_not_found");
    await refused(stranger, () => create(project.projectId, {}, stranger.key), 404, "project_not_found", {
      projectId: project.projectId,
    });
  });

  it("refuses a balance that cannot hold the whole length (402 insufficient_seconds with needed and available)", async () => {
    const poor = await h.user({ paid: false, topupSeconds: 20 });
    const theirs = await seedProject(h, poor.id);
    await refused(poor, () => create(theirs.projectId, {}, poor.key), 402, "insufficient_seconds", {
      needed: 10,
      available: 20,
    });
  });

  it("refuses an account whose email is not verified (403 email_unverified)", async () => {
    const unverified = await h.user({ verified: false });
    const theirs = await seedProject(h, unverified.id);
    await refused(unverified, () => create(theirs.projectId, {}, unverified.key), 403, "email_unverified");
  });

  it("refuses a second export of the same project, revision and format while one is in flight, naming it", async () => {
    const first = await create(project.projectId);
    expect(first.status).toBe(202);
    const id = first.body.resource.id;
    await refused(user, () => create(project.projectId), 409, "export_in_flight", {
      exportId: id,
      projectId: project.projectId,
      revision: 1,
      format: "mp4",
    });
    // Another format of the same revision is another export.
    expect((await create(project.projectId, { format: "webm" })).status).toBe(202);
    await cancel(id);
    expect((await create(project.projectId)).status).toBe(202);
    await settleAll();
  });

  it("refuses a fourth export in flight (409 too_many_in_flight with limit and inFlight)", async () => {
    const busy = await h.user();
    const theirs = await seedProject(h, busy.id, {
      documents: [campaignDocumentOf(h), campaignDocumentOf(h, { orientation: "portrait" })],
    });
    for (const body of [{ format: "mp4" }, { format: "webm" }, { revision: 1 }])
      expect((await create(theirs.projectId, body, busy.key)).status).toBe(202);
    expect((await wallet(busy.key)).reservedSeconds).toBe(90);
    await refused(
      busy,
      () => create(theirs.projectId, { format: "webm", revision: 1 }, busy.key),
      409,
      "too_many_in_flight",
      {
        limit: 3,
        inFlight: 3,
      },
    );
  });

  it("answers 503 reservation_failed when the reservation cannot be written, with Retry-After", async () => {
    const db = h.deps.db.kysely;
    const transaction = db.transaction;
    (db as { transaction: unknown }).transaction = () => ({
      execute: async () => {
        throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
      },
    });
    try {
      const res = await refused(user, () => create(project.projectId), 503, "reservation_failed");
      expect(res.headers["retry-after"]).toBe("2");
    } finally {
      (db as { transaction: unknown }).transaction = transaction;
    }
  });
});

describe("cancel, settle, download", () => {
  it("cancels a queued export at once, releasing its seconds; a second cancel is 409 already_settled", async () => {
    const before = await wallet();
    const started = await create(project.projectId);
    const id = started.body.resource.id as string;
    expect((await download(id)).body.error).toMatchObject({ code: "not_finished", details: { state: "queued" } });
    const res = await cancel(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      removedFromQueue: true,
      resource: { id, state: "cancelled", cancellable: false },
    });
    expect(res.body.resource.cost).toEqual({ secondsReserved: 30, secondsCharged: 0, watermark: false });
    const after = await wallet();
    expect([after.reservedSeconds, after.availableSeconds]).toEqual([before.reservedSeconds, before.availableSeconds]);
    const again = await cancel(id);
    expect([again.status, again.body.error.code, again.body.error.details]).toEqual([
      409,
      "already_settled",
      { state: "cancelled" },
    ]);
    expect((await download(id)).body.error).toMatchObject({ code: "not_finished", details: { state: "cancelled" } });
    const event = (await events(user.id)).find((e) => e.data.id === id);
    expect(event).toEqual({ type: "marketing.export.cancelled", data: (await get(id)).body });
  });

  it("a failed export releases every second, sends marketing.export.failed, and is settled for cancel and download", async () => {
    const before = await wallet();
    const started = await create(project.projectId);
    const id = started.body.resource.id as string;
    await settleJob(h.deps, id, {
      state: "failed",
      code: "source_unreadable",
      reason: "a picture is gone",
      retryable: false,
    });
    const after = await wallet();
    expect([after.reservedSeconds, after.availableSeconds]).toEqual([before.reservedSeconds, before.availableSeconds]);
    const failed = (await get(id)).body;
    expect(failed).toMatchObject({
      state: "failed",
      error: { code: "source_unreadable" },
      cost: { secondsCharged: 0 },
    });
    expect((await events(user.id)).find((e) => e.data.id === id)).toEqual({
      type: "marketing.export.failed",
      data: failed,
    });
    expect((await cancel(id)).body.error).toMatchObject({ code: "already_settled", details: { state: "failed" } });
    expect((await download(id)).body.error).toMatchObject({ code: "not_finished", details: { state: "failed" } });
  });

  it("answers 404 not_found for an unknown export and for a job of another kind", async () => {
    const unknown = "01900000-0000-7000-8000-000000000000";
    for (const res of [await get(unknown), await cancel(unknown), await download(unknown), await get(project.sourceId)])
      expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
  });
});

describe("GET /marketing/exports", () => {
  it("lists the account's exports newest first, paged, in every state; no filters", async () => {
    const lister = await h.user();
    const theirs = await seedProject(h, lister.id);
    const ids: string[] = [];
    for (const format of ["mp4", "webm"]) {
      h.clock.advance(1000);
      ids.push((await create(theirs.projectId, { format }, lister.key)).body.resource.id);
    }
    await cancel(ids[0] as string, lister.key);
    const first = await h.request("GET", "/marketing/exports?limit=1", { token: lister.key });
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[1]]);
    const rest = await h.request("GET", `/marketing/exports?limit=5&cursor=${first.body.nextCursor}`, {
      token: lister.key,
    });
    expect(rest.body).toMatchObject({ nextCursor: null });
    expect(rest.body.data.map((e: { id: string; state: string }) => [e.id, e.state])).toEqual([[ids[0], "cancelled"]]);
    const filtered = await h.request("GET", `/marketing/exports?projectId=${theirs.projectId}`, { token: lister.key });
    expect([filtered.status, filtered.body.error.code]).toEqual([400, "validation_failed"]);
  });
});

describe("DELETE /marketing/sources/{id} while an export reads it", () => {
  it("is refused with 409 source_export_in_flight listing the exports, and allowed once it settled", async () => {
    const owner = await h.user();
    const theirs = await seedProject(h, owner.id);
    // No body at all is the same as an empty one: every field has a default.
    const started = await h.request("POST", `/marketing/projects/${theirs.projectId}/exports`, {
      token: owner.key,
      idempotencyKey: idem(),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.resource.id as string;
    const remove = () =>
      h.request("DELETE", `/marketing/sources/${theirs.sourceId}`, { token: owner.key, idempotencyKey: idem() });
    const res = await remove();
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "source_export_in_flight",
      details: { sourceId: theirs.sourceId, exports: [id] },
    });
    const source = await h.request("GET", `/marketing/sources/${theirs.sourceId}`, { token: owner.key });
    expect(source.status).toBe(200);
    await cancel(id, owner.key);
    expect((await remove()).status).toBe(200);
  });
});

describe("isolation", () => {
  it("another account cannot export, read, list, cancel or download an account's exports", async () => {
    const started = await create(project.projectId);
    const id = started.body.resource.id as string;
    expect((await create(project.projectId, {}, stranger.key)).body.error.code).toBe("project_not_found");
    const quote = await h.request("POST", "/marketing/exports/quote", {
      token: stranger.key,
      body: { projectId: project.projectId },
    });
    expect(quote.body.error.code).toBe("project_not_found");
    for (const res of [await get(id, stranger.key), await cancel(id, stranger.key), await download(id, stranger.key)])
      expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    const list = await h.request("GET", "/marketing/exports?limit=100", { token: stranger.key });
    expect(list.body.data.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await get(id)).body.state).toBe("queued");
    await settleAll();
  });
});

describe("cancel of a running export", () => {
  it("asks it to stop: it settles cancelled at its next step and releases every second", async () => {
    const held = holdable(exportJob);
    const w = await Harness.start({ rateStore: "memory", jobDefinitions: [held.definition] });
    try {
      const u = await w.user();
      const theirs = await seedProject(w, u.id);
      const run = held.holdNext();
      const started = await w.request("POST", `/marketing/projects/${theirs.projectId}/exports`, {
        token: u.key,
        idempotencyKey: idem(),
        body: {},
      });
      const id = started.body.resource.id as string;
      expect(await run.running).toBe(id);
      expect((await w.request("GET", "/wallet", { token: u.key })).body.reservedSeconds).toBe(30);
      const res = await w.request("POST", `/marketing/exports/${id}/cancel`, {
        token: u.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ removedFromQueue: false, resource: { id, state: "running" } });
      run.release();
      await w.drain();
      const after = (await w.request("GET", `/marketing/exports/${id}`, { token: u.key })).body;
      expect(after).toMatchObject({ state: "cancelled", cost: { secondsReserved: 30, secondsCharged: 0 } });
      expect((await w.request("GET", "/wallet", { token: u.key })).body.reservedSeconds).toBe(0);
    } finally {
      await w.close();
    }
  });
});
