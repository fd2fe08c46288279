import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type GeneratedProject, generatedProject } from "../support/marketing-project.js";

// POST /marketing/exports/quote on a project the real generation job made: what an export would make and
// hold on the free tier and a paid account, and each refusal; nothing is created or reserved.
let h: Harness;
let free: Awaited<ReturnType<Harness["user"]>>;
let paid: Awaited<ReturnType<Harness["user"]>>;
let project: GeneratedProject;
let paidProject: GeneratedProject;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  // The free tier calls with a dashboard session (API keys need a plan or top-up time).
  free = await h.user({ paid: false, freeSeconds: 300 });
  paid = await h.user();
  project = await generatedProject(h, free.session, free.id);
  paidProject = await generatedProject(h, paid.key, paid.id);
}, 240_000);
afterAll(() => h?.close());

const quote = (body: unknown, token = free.session) => h.request("POST", "/marketing/exports/quote", { token, body });

describe("POST /marketing/exports/quote", () => {
  it("answers the latest revision's export on the free tier: watermarked, nothing held", async () => {
    const res = await quote({ projectId: project.projectId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      projectId: project.projectId,
      revision: 1,
      format: "mp4",
      orientation: "landscape",
      width: 1920,
      height: 1080,
      seconds: 30,
      secondsToReserve: 0,
      watermark: true,
      capped: false,
      sufficient: true,
    });
  });
  it("holds the whole length on a paid account, in the orientation asked; a short balance is not sufficient", async () => {
    const res = await quote({ projectId: paidProject.projectId, orientation: "portrait" }, paid.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ orientation: "portrait", width: 1080, height: 1920, secondsToReserve: 30 });
    expect(res.body).toMatchObject({ sufficient: true, needed: null });
    const poor = await h.user({ paid: false, topupSeconds: 20 });
    const short = await generatedProject(h, poor.key, poor.id);
    const refused = await quote({ projectId: short.projectId }, poor.key);
    expect(refused.body).toMatchObject({ secondsToReserve: 30, sufficient: false, needed: 10, availableSeconds: 20 });
    const jobs = await h.deps.db.kysely.selectFrom("jobs").select("kind").where("account_id", "=", paid.id).execute();
    expect(jobs.map((j) => j.kind)).not.toContain("marketing.export");
  }, 120_000); // generates a project in the test: a real generation job
  it("quotes a short revision as a GIF at most 480 px, and refuses a GIF longer than 15 s", async () => {
    const refused = await quote({ projectId: project.projectId, format: "gif" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "unsupported_export", details: { reason: "gif_too_long" } });
    const teaser = await generatedProject(h, free.session, free.id, { templateId: "social-teaser", seconds: 15 });
    const edit = await h.request("POST", `/marketing/projects/${teaser.projectId}/edits`, {
      token: free.session,
      idempotencyKey: idem(),
      body: { expectedRevision: 1, instruction: "make it square" },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(201);
    const gif = await quote({ projectId: teaser.projectId, format: "gif" });
    expect(gif.body).toMatchObject({ revision: 2, format: "gif", orientation: "square", width: 480, height: 480 });
    const first = await quote({ projectId: teaser.projectId, revision: 1, format: "gif" });
    expect(first.body).toMatchObject({ revision: 1, orientation: "portrait", width: 270, height: 480, seconds: 15 });
  }, 120_000); // generates a project in the test: a real generation job
  it("refuses a format, an orientation and a revision it cannot export, and another account's project", async () => {
    const cases: [unknown, number, string][] = [
      [{ projectId: project.projectId, format: "mov" }, 400, "unsupported_format"],
      [{ projectId: project.projectId, orientation: "diagonal" }, 400, "unsupported_export"],
      [{ projectId: project.projectId, revision: 9 }, 409, "no_revision"],
      [{ projectId: "01900000-0000-7000-8000-000000000000" }, 404, "project_not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await quote(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    const theirs = await quote({ projectId: project.projectId }, paid.key);
    expect(theirs.body.error.code).toBe("project_not_found");
  });
});
