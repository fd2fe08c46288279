import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iso } from "../../src/clock.js";
import { uuidv7 } from "../../src/ids.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { ranJobRow } from "../support/job-row.js";
import { type GeneratedProject, generatedProject } from "../support/marketing-project.js";

// Projects on both databases: made from a succeeded generation (the real job), named, listed, read with
// their latest revision, deleted; the source version pinned while a project holds it; another account's
// generations and projects never seen.
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let other: Awaited<ReturnType<Harness["user"]>>;
let made: GeneratedProject;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  user = await h.user();
  other = await h.user();
  made = await generatedProject(h, user.key, user.id);
}, 180_000);
afterAll(() => h?.close());
beforeEach(() => h.clock.advance(60_000));

const create = (body: unknown, token = user.key) =>
  h.request("POST", "/marketing/projects", { token, idempotencyKey: idem(), body });
const projects = async (accountId = user.id) =>
  Number(
    (
      await h.deps.db.kysely
        .selectFrom("marketing_projects")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("account_id", "=", accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function refused(body: unknown, status: number, code: string, details?: object, token = user.key) {
  const before = await projects();
  const res = await create(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (details) expect(res.body.error.details).toMatchObject(details);
  expect(await projects()).toBe(before);
}

/** The expiry of the job that made the source's version 1 (null while pinned). */
const versionExpiry = async (sourceId: string) =>
  (
    await h.deps.db.kysely
      .selectFrom("marketing_source_inspections as i")
      .innerJoin("jobs", "jobs.id", "i.job_id")
      .select("jobs.expires_at")
      .where("i.source_id", "=", sourceId)
      .where("i.version", "=", 1)
      .executeTakeFirstOrThrow()
  ).expires_at;

/** A generation still queued: its job and row as creating it leaves them, no worker having run it. */
async function queuedGeneration(accountId: string, sourceId: string): Promise<string> {
  const id = uuidv7(h.clock.now().getTime());
  const at = iso(h.clock.now());
  await h.deps.db.kysely
    .insertInto("jobs")
    .values(
      ranJobRow({
        id,
        accountId,
        kind: "marketing.generation",
        state: "queued",
        at,
        result: null,
        input: {},
        failedWith: "x",
      }),
    )
    .execute();
  await h.deps.db.kysely
    .insertInto("marketing_generations")
    .values({
      job_id: id,
      account_id: accountId,
      source_id: sourceId,
      source_version: 1,
      template_id: "product-launch",
      request_hash: null,
      created_at: at,
    })
    .execute();
  return id;
}

describe("POST /marketing/projects", () => {
  it("makes revision 1 from the generation's document, named after the template and the site", async () => {
    const res = await create({ generationId: made.generationId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/marketing/projects/${res.body.id}`);
    expect(res.body).toMatchObject({
      name: "Product launch — Tidewell",
      description: null,
      generationId: made.generationId,
      sourceId: made.sourceId,
      sourceVersion: 1,
      templateId: "product-launch",
      latestRevision: 1,
      revision: { number: 1, origin: { kind: "generation" }, document: made.document },
    });
  });
  it("takes a name and a description as given, trimmed", async () => {
    const res = await create({
      generationId: made.generationId,
      name: "  Spring launch ",
      description: "For the\nnewsletter.",
    });
    expect(res.body).toMatchObject({ name: "Spring launch", description: "For the\nnewsletter." });
  });
  it("refuses names and descriptions a person would not mean, never truncating", async () => {
    const g = made.generationId;
    await refused({ generationId: g, name: "   " }, 400, "name_invalid", { reason: "empty" });
    await refused({ generationId: g, name: "x".repeat(101) }, 400, "name_invalid", { reason: "too_long" });
    await refused({ generationId: g, name: "Spring\nlaunch" }, 400, "name_invalid", { reason: "control_character" });
    await refused({ generationId: g, description: "y".repeat(1001) }, 400, "description_invalid", {
      reason: "too_long",
    });
    await refused({ generationId: g, description: "bell\u0007" }, 400, "description_invalid", {
      reason: "control_character",
    });
  });
  it("refuses a generation that is unknown, another account's, or still running", async () => {
    await refused({ generationId: "01900000-0000-7000-8000-000000000000" }, 404, "generation_not_found");
    await refused({ generationId: made.generationId }, 404, "generation_not_found", undefined, other.key);
    const queued = await queuedGeneration(user.id, made.sourceId);
    await refused({ generationId: queued }, 409, "not_finished", { state: "queued" });
  });
});

describe("reading, listing, deleting", () => {
  it("answers the project with its latest revision; another account's is not found", async () => {
    const res = await h.request("GET", `/marketing/projects/${made.projectId}`, { token: user.key });
    expect(res.status).toBe(200);
    expect(res.body.revision.number).toBe(res.body.latestRevision);
    const theirs = await h.request("GET", `/marketing/projects/${made.projectId}`, { token: other.key });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("project_not_found");
    const gen = await h.request("GET", `/marketing/generations/${made.generationId}`, { token: other.key });
    expect(gen.body.error.code).toBe("generation_not_found");
  });
  it("lists the account's projects newest first without documents; another account sees none", async () => {
    const mine = await h.request("GET", "/marketing/projects", { token: user.key });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThanOrEqual(1);
    expect(mine.body.data[0]).not.toHaveProperty("revision");
    const times = mine.body.data.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const theirs = await h.request("GET", "/marketing/projects", { token: other.key });
    expect(theirs.body.data).toEqual([]);
    const generations = await h.request("GET", "/marketing/generations", { token: other.key });
    expect(generations.body.data).toEqual([]);
  });
  it("keeps the source version while any project holds it, and lets it go when the last is deleted", async () => {
    expect(await versionExpiry(made.sourceId)).toBeNull();
    const second = await create({ generationId: made.generationId });
    const del = (id: string) =>
      h.request("DELETE", `/marketing/projects/${id}`, { token: user.key, idempotencyKey: idem() });
    expect((await del(second.body.id)).body).toEqual({ id: second.body.id, deleted: true });
    expect(await versionExpiry(made.sourceId)).toBeNull();
    const all = await h.request("GET", "/marketing/projects?limit=100", { token: user.key });
    for (const p of all.body.data as { id: string }[]) expect((await del(p.id)).status).toBe(200);
    const expiry = await versionExpiry(made.sourceId);
    expect(expiry).not.toBeNull();
    expect(Date.parse(expiry as string)).toBeGreaterThan(h.clock.now().getTime());
    const gone = await h.request("GET", `/marketing/projects/${made.projectId}`, { token: user.key });
    expect(gone.body.error.code).toBe("project_not_found");
    const revisions = await h.deps.db.kysely
      .selectFrom("marketing_revisions")
      .select("number")
      .where("project_id", "=", made.projectId)
      .execute();
    expect(revisions).toEqual([]);
    expect((await del(made.projectId)).body.error.code).toBe("project_not_found");
  });
});
