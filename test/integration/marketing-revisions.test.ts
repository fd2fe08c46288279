import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type GeneratedProject, generatedProject } from "../support/marketing-project.js";

// Revisions and sentence edits on both databases, on a project the real generation job made: every refusal
// a revision or an edit can answer, each sent and nothing stored; fifty writers with the same expected
// number, one winner.
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let other: Awaited<ReturnType<Harness["user"]>>;
let project: GeneratedProject;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  user = await h.user();
  other = await h.user();
  project = await generatedProject(h, user.key, user.id);
}, 180_000);
afterAll(() => h?.close());
// Edits are the expensive rate class (20 a minute), revisions the write class: each test starts a minute on.
beforeEach(() => h.clock.advance(60_000));

const path = (id = project.projectId) => `/marketing/projects/${id}`;
const latest = async (): Promise<{ number: number; document: CampaignDocument }> => {
  const res = await h.request("GET", path(), { token: user.key });
  return { number: res.body.latestRevision, document: res.body.revision.document };
};
const revise = (body: unknown, token = user.key, id = project.projectId) =>
  h.request("POST", `${path(id)}/revisions`, { token, idempotencyKey: idem(), body });
const edit = (body: unknown, token = user.key, id = project.projectId) =>
  h.request("POST", `${path(id)}/edits`, { token, idempotencyKey: idem(), body });

/** The refusal with its code (and details), and the project exactly as it was. */
async function refused(send: () => ReturnType<typeof revise>, status: number, code: string, details?: object) {
  const before = await latest();
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (details) expect(res.body.error.details).toMatchObject(details);
  expect(await latest()).toEqual(before);
  return res;
}

const ops = async (...operations: object[]) => revise({ expectedRevision: (await latest()).number, operations });
const scene = (kind: string) => project.document.story.scenes.find((s) => s.kind === kind)?.id as string;

describe("POST …/revisions: what every write needs", () => {
  it("refuses a write without expectedRevision, and one whose number is not the latest", async () => {
    await refused(() => revise({ operations: [{ op: "set_speed", speed: 1.1 }] }), 400, "expected_revision_required");
    const { number } = await latest();
    await refused(
      () => revise({ expectedRevision: number + 3, operations: [{ op: "set_speed", speed: 1.1 }] }),
      409,
      "revision_conflict",
      { expectedRevision: number + 3, currentRevision: number },
    );
  });
  it("takes exactly one of document and operations", async () => {
    const { number, document } = await latest();
    await refused(() => revise({ expectedRevision: number }), 400, "validation_failed");
    await refused(
      () => revise({ expectedRevision: number, document, operations: [{ op: "set_speed", speed: 1.1 }] }),
      400,
      "validation_failed",
    );
  });
  it("refuses another account's project and an unknown one alike", async () => {
    await refused(
      () => revise({ expectedRevision: 1, operations: [{ op: "set_speed", speed: 1.1 }] }, other.key),
      404,
      "project_not_found",
    );
    await refused(
      () =>
        revise(
          { expectedRevision: 1, operations: [{ op: "set_speed", speed: 1.1 }] },
          user.key,
          "01900000-0000-7000-8000-000000000000",
        ),
      404,
      "project_not_found",
    );
    await refused(() => edit({ expectedRevision: 1, instruction: "faster" }, other.key), 404, "project_not_found");
    expect((await h.request("GET", `${path()}/revisions`, { token: other.key })).status).toBe(404);
    expect((await h.request("DELETE", path(), { token: other.key, idempotencyKey: idem() })).status).toBe(404);
  });
});

describe("POST …/revisions: a whole document", () => {
  it("stores a changed document as the next revision, origin document", async () => {
    const { number, document } = await latest();
    const changed = structuredClone(document);
    changed.story.coverText = "Onboarding, done";
    const res = await revise({ expectedRevision: number, document: changed });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ number: number + 1, origin: { kind: "document" }, document: changed });
  });
  it("refuses unknown fields and unknown scene ids, naming the path", async () => {
    const { number, document } = await latest();
    const extra = structuredClone(document) as unknown as Record<string, unknown>;
    (extra.story as Record<string, unknown>).music = "loud";
    await refused(() => revise({ expectedRevision: number, document: extra }), 400, "invalid_revision", {
      path: "/story/music",
    });
    await refused(() => ops({ op: "hide_scene", sceneId: "sc-99" }), 400, "invalid_revision", {
      path: "/operations/0/sceneId",
    });
    await refused(() => ops({ op: "fly_away" }), 400, "invalid_revision", { path: "/operations/0/op" });
  });
  it("refuses a scene kind the template has no layout for", async () => {
    const { number, document } = await latest();
    const wrong = structuredClone(document);
    (wrong.story.scenes[1] as { kind: string }).kind = "pricing";
    await refused(() => revise({ expectedRevision: number, document: wrong }), 409, "revision_configuration_mismatch");
  });
});

describe("POST …/revisions: the checks, each refused and nothing stored", () => {
  it("a length or speed the template does not offer", async () => {
    await refused(() => ops({ op: "set_length", seconds: 20 }), 400, "unsupported_duration");
    await refused(() => ops({ op: "set_speed", speed: 1.5 }), 400, "campaign_speed_not_offered");
  });
  it("narration that no longer fits its scene, and narration that is not speech", async () => {
    const long =
      "Onboard every customer in days, not weeks, with one shared checklist your customers finish and reminders that chase the slow tasks for you.";
    await refused(
      () => ops({ op: "set_narration", sceneId: scene("hook"), text: long }),
      400,
      "campaign_speed_breaks_narration_fit",
    );
    await refused(
      () => ops({ op: "set_narration", sceneId: scene("hook"), text: "Go to https://tidewell.example now." }),
      400,
      "invalid_campaign_narration",
    );
  });
  it("a claim the source does not make, in copy and in narration", async () => {
    await refused(
      () => ops({ op: "set_copy", sceneId: scene("hook"), field: "headline", text: "Rated #1 by 90% of teams" }),
      400,
      "campaign_unsupported_claim",
    );
    await refused(
      () => ops({ op: "set_narration", sceneId: scene("hook"), text: "The fastest onboarding tool ever made." }),
      400,
      "campaign_unsupported_claim",
    );
  });
  it("a cover text on two lines", async () => {
    await refused(() => ops({ op: "set_cover_text", text: "New\nthemes" }), 400, "invalid_cover_text");
  });
  it("a logo whose shape no layout holds", async () => {
    const { number, document } = await latest();
    const wide = structuredClone(document);
    wide.style.logo = { ...wide.style.logo, assetId: "image-99", hidden: false };
    await refused(() => revise({ expectedRevision: number, document: wide }), 400, "campaign_logo_aspect_unsupported");
  });
  it("copy that does not fit its layout, measured in Chromium", async () => {
    const word = "Supercalifragilisticexpialidociousonboardingchecklistsforteams";
    await refused(
      () => ops({ op: "set_copy", sceneId: scene("hook"), field: "headline", text: word }),
      400,
      "campaign_copy_overflow",
      { sceneId: scene("hook"), field: "headline" },
    );
  });
  it("a font or music mood the catalogue does not have", async () => {
    await refused(() => ops({ op: "set_font", role: "heading", fontId: "comic-sans" }), 400, "settings_invalid", {
      path: "/style/fonts/heading",
    });
    await refused(() => ops({ op: "set_music", mood: "sleepy" }), 400, "settings_invalid");
  });
  it("a revert to a revision the project does not have", async () => {
    await refused(() => ops({ op: "revert", toRevision: 99 }), 409, "no_revision", { toRevision: 99 });
  });
});

describe("fifty writers with the same expected number", () => {
  it("exactly one wins; the others are told the current number", async () => {
    const { number } = await latest();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        revise({ expectedRevision: number, operations: [{ op: "set_cover_text", text: `Writer ${i + 1}` }] }),
      ),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect(lost.status, JSON.stringify(lost.body)).toBe(409);
      expect(lost.body.error).toMatchObject({ code: "revision_conflict", details: { currentRevision: number + 1 } });
    }
    const after = await latest();
    expect(after.number).toBe(number + 1);
    expect(after.document.story.coverText).toBe(won[0]?.body.document.story.coverText);
    const list = await h.request("GET", `${path()}/revisions?limit=100`, { token: user.key });
    expect(list.body.data.map((r: { number: number }) => r.number)).toEqual(
      Array.from({ length: number + 1 }, (_, i) => i + 1),
    );
  }, 120_000);
});

describe("POST …/edits", () => {
  it("refuses what it does not understand, atomically, with three suggestions", async () => {
    const { number } = await latest();
    const res = await refused(
      () => edit({ expectedRevision: number, instruction: "make it faster and add a dancing cat" }),
      400,
      "edit_not_understood",
    );
    expect(res.body.error.details.unparsed).toBe("add a dancing cat");
    expect(res.body.error.details.suggestions).toHaveLength(3);
  });
  it("refuses an invented claim and a length the template does not offer with their own codes", async () => {
    const { number } = await latest();
    await refused(
      () =>
        edit({
          expectedRevision: number,
          instruction: "change the headline of the hook to 'Trusted by 1,000,000 teams'",
        }),
      400,
      "campaign_unsupported_claim",
    );
    await refused(
      () => edit({ expectedRevision: number, instruction: "make it 7 minutes" }),
      400,
      "unsupported_duration",
    );
  });
  it("needs expectedRevision and the latest number", async () => {
    await refused(() => edit({ instruction: "faster" }), 400, "expected_revision_required");
    await refused(() => edit({ expectedRevision: 1, instruction: "faster" }), 409, "revision_conflict");
  });
  it("shows a dry run and stores nothing; for real it stores the next revision with the instruction", async () => {
    const { number, document } = await latest();
    const dry = await edit({ expectedRevision: number, instruction: "make it square and slower", dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ revision: null, changes: ["Orientation set to square", "Speed set to 0.9×"] });
    expect(dry.body.document.export.orientation).toBe("square");
    expect(await latest()).toEqual({ number, document });
    const real = await edit({ expectedRevision: number, instruction: "make it square and slower" });
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    expect(real.body.revision).toMatchObject({
      number: number + 1,
      origin: { kind: "edit", instruction: "make it square and slower" },
    });
    expect(real.body.document).toEqual(dry.body.document);
  });
});
