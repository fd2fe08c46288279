import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";
import { narrationFit } from "../../src/pipelines/marketing/campaign/narration-fit.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type GeneratedProject, generatedProject } from "../support/marketing-project.js";

// The narration's fit checked on the real voice (festival's cmu_us_slt_arctic_hts), not the word estimate
// (2.5 words a second, 5 % over allowed): a scene holds its line at the speed plus a 0.4 s breath. Lines
// measured for this test at speed 1: the 22-word line takes 7.74 s (2.84 words a second), the 7-word one
// 2.84 s (2.47 a second), the 23-word one 8.70 s.
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let project: GeneratedProject;

beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  user = await h.user();
  project = await generatedProject(h, user.key, user.id);
}, 180_000);
afterAll(() => h?.close());
beforeEach(() => h.clock.advance(60_000));

const FAST =
  "Give every customer one clear checklist and let gentle reminders chase the slow tasks, so your team can focus on the work.";
const SLOW = "Onboard every customer with one shared checklist.";
const LONG =
  "Onboard every customer in days, not weeks, with one shared checklist your customers finish and reminders that chase the slow tasks for you.";

const path = `/marketing/projects`;
const latest = async (): Promise<{ number: number; document: CampaignDocument }> => {
  const res = await h.request("GET", `${path}/${project.projectId}`, { token: user.key });
  return { number: res.body.latestRevision, document: res.body.revision.document };
};
const revise = (body: unknown) =>
  h.request("POST", `${path}/${project.projectId}/revisions`, { token: user.key, idempotencyKey: idem(), body });

/** What every other visible scene says, so it holds its share of the length whatever the hook takes. */
const SHORT = "See how it works.";

/**
 * The latest document with the hook saying `narration` in `seconds` at `speed`, every other visible scene
 * saying SHORT in an equal share of the rest (in hundredths adding up to the length exactly).
 */
async function withHook(narration: string, seconds: number, speed: number) {
  const { number, document } = await latest();
  const doc = structuredClone(document);
  const hook = doc.story.scenes.find((s) => s.kind === "hook") as CampaignDocument["story"]["scenes"][number];
  const others = doc.story.scenes.filter((s) => !s.hidden && s !== hook);
  const rest = Math.round((doc.export.seconds - seconds) * 100);
  others.forEach((s, i) => {
    s.narration = SHORT;
    s.seconds = (Math.floor(rest / others.length) + (i < rest % others.length ? 1 : 0)) / 100;
  });
  hook.seconds = seconds;
  hook.narration = narration;
  doc.sound.speed = speed;
  return { number, doc, hook };
}

describe("the narration's fit, on the real voice", () => {
  it("refuses a narration longer than its scene at the speed, measured", async () => {
    const { number, doc, hook } = await withHook(LONG, 8, 1);
    const res = await revise({ expectedRevision: number, document: doc });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "campaign_speed_breaks_narration_fit",
      details: { sceneId: hook.id, speed: 1, seconds: 8, measured: true, words: 23 },
    });
    const { spokenSeconds, neededSeconds } = res.body.error.details;
    expect(spokenSeconds).toBeGreaterThan(8);
    expect(neededSeconds).toBeCloseTo(spokenSeconds + 0.4, 1);
    expect((await latest()).number).toBe(number);
  });

  it("takes a line the word estimate would refuse when the voice says it in time", async () => {
    // 22 words in 8.3 s: the estimate allows floor(8.3 × 2.5 × 1.05) = 21; the voice needs 7.74 + 0.4 s.
    expect(narrationFit(FAST, 8.3, 1)).toMatchObject({ fits: false, words: 22, wordsThatFit: 21 });
    const { number, doc } = await withHook(FAST, 8.3, 1);
    const res = await revise({ expectedRevision: number, document: doc });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("refuses a line the estimate would take when the voice cannot say it in time", async () => {
    // 7 words in 3 s: the estimate allows 7; the voice needs 2.84 + 0.4 s.
    expect(narrationFit(SLOW, 3, 1)).toMatchObject({ fits: true, words: 7 });
    const { number, doc, hook } = await withHook(SLOW, 3, 1);
    const res = await revise({ expectedRevision: number, document: doc });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "campaign_speed_breaks_narration_fit",
      details: { sceneId: hook.id, seconds: 3, measured: true, words: 7 },
    });
  });

  it("refuses a speed that breaks the fit of a line measured before", async () => {
    const { number, doc } = await withHook(FAST, 8.3, 1);
    // 7.74 / 0.9 + 0.4 = 9 s: more than 8.3 (the speed-1 measure of the test before is reused).
    const res = await revise({ expectedRevision: number, document: { ...doc, sound: { ...doc.sound, speed: 0.9 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "campaign_speed_breaks_narration_fit",
      details: { speed: 0.9, measured: true },
    });
  });
});
