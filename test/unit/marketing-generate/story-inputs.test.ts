import { describe, expect, it } from "vitest";
import { unsupportedClaim } from "../../../src/pipelines/marketing/campaign/claims.js";
import { planStory } from "../../../src/pipelines/marketing/generate/plan-story.js";
import type { ManifestAsset, SourceManifest } from "../../../src/pipelines/marketing/source/manifest.js";
import { inputOf, manifestOf, templateOf } from "./sources.js";

// What a generation request adds to the source: demo footage, a render source's own video, the user's
// focus, the voice's speed.

const asset = (id: string, type: ManifestAsset["type"], from: string): ManifestAsset => ({
  id,
  type,
  contentType: type === "video" ? "video/mp4" : "image/jpeg",
  bytes: 1000,
  sha256: "0".repeat(64),
  width: 1280,
  height: 720,
  aspectRatio: 16 / 9,
  page: null,
  retained: true,
  reason: null,
  from,
});

/** A walkthrough render made a source (from-render/render-source.ts's shape): its narration as steps. */
function renderSource(): SourceManifest {
  const steps = [
    "Acme Books keeps every invoice in one place.",
    "Open the dashboard to see what is due this week.",
    "It lists 57 orders waiting for payment.",
    "Send a reminder with one click, and the customer gets a link to pay.",
  ];
  return {
    ...manifestOf("sparse"),
    kind: "render",
    renderId: "render-7",
    url: "https://books.acme.example/",
    finalUrl: "https://books.acme.example/",
    origin: "https://books.acme.example",
    pages: [],
    brand: { ...manifestOf("sparse").brand, name: "books.acme.example", logo: null },
    copy: steps.map((text, order) => ({ id: `copy-${order + 1}`, kind: "step" as const, text, page: null, order })),
    claims: [],
    assets: [
      asset("video-1", "video", "render"),
      asset("poster-1", "poster", "render"),
      ...[1, 2, 3, 4].map((n) => asset(`still-${n}`, "still", `beat:b${n}`)),
    ],
  };
}

describe("demo footage", () => {
  it("shows the demo range in the reveal of the demo tour", () => {
    const demo = { renderId: "render-1", fromSeconds: 5, toSeconds: 25 };
    const plan = planStory(inputOf("saas", "demo-tour", { demo }));
    expect(plan.missing).toEqual([]);
    const reveal = plan.scenes.find((s) => s.kind === "reveal");
    expect(reveal?.visual).toEqual({ type: "footage", ...demo });
    expect(reveal?.narration).toMatch(/^Here's Tidewell in action\./);
  });

  it("a demo tour with no footage is missing it; a template that takes none ignores it, with a warning", () => {
    expect(planStory(inputOf("saas", "demo-tour")).missing).toEqual([
      { field: "demo", section: "story", message: expect.stringMatching(/walkthrough footage/) },
    ]);
    const demo = { renderId: "render-1", fromSeconds: 0, toSeconds: 10 };
    for (const id of ["social-teaser", "customer-quote"]) {
      const plan = planStory(inputOf("saas", id, { demo }));
      expect(plan.scenes.some((s) => s.visual.type === "footage")).toBe(false);
      expect(plan.warnings.map((w) => w.code)).toContain("footage_unused");
    }
  });
});

describe("a render source", () => {
  it("opens with its narration, shows its own video in the reveal for as long as the scene, its stills for steps", () => {
    const manifest = renderSource();
    const tour = planStory({ ...inputOf("sparse", "demo-tour"), manifest });
    expect(tour.missing).toEqual([]);
    expect(tour.warnings.map((w) => w.code)).toContain("hook_not_headline");
    expect(tour.scenes[0]?.headline).toBe("Acme Books keeps every invoice in one place.");
    const reveal = tour.scenes.find((s) => s.kind === "reveal");
    expect(reveal?.visual).toEqual({
      type: "footage",
      renderId: "render-7",
      fromSeconds: 0,
      toSeconds: reveal?.seconds,
    });

    const explainer = planStory({ ...inputOf("sparse", "explainer"), manifest, template: templateOf("explainer") });
    const steps = explainer.scenes.filter((s) => s.kind === "step");
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) expect(s.visual).toMatchObject({ type: "image", assetId: expect.stringMatching(/^still-/) });
    // Its narration states a figure no claims index holds (a render has none): that step is never used.
    const all = explainer.scenes.flatMap((s) => [s.headline ?? "", s.body ?? "", s.narration]).join(" ");
    expect(all).not.toContain("57");
    expect(unsupportedClaim(all, manifest.claims)).toBeNull();
  });
});

describe("focus and speed", () => {
  it("prefers copy about the user's focus", () => {
    const plain = planStory(inputOf("saas", "feature-highlight"));
    const focused = planStory(inputOf("saas", "feature-highlight", { focus: "the Slack reminders" }));
    expect(plain.scenes.find((s) => s.kind === "feature")?.headline).toBe("Shared checklists");
    expect(focused.scenes.find((s) => s.kind === "feature")?.headline).toBe("Automatic reminders");
    expect(focused.warnings).toEqual([]);
  });

  it("says so when nothing on the site is about the focus, and plans as without it", () => {
    const plan = planStory(inputOf("saas", "feature-highlight", { focus: "quantum teleportation" }));
    expect(plan.warnings.map((w) => w.code)).toEqual(["focus_unmatched"]);
    expect(plan.scenes).toEqual(planStory(inputOf("saas", "feature-highlight")).scenes);
  });

  it("a faster voice says more in the same length, and the scenes still sum to it", () => {
    for (const speed of [0.9, 1, 1.25]) {
      const plan = planStory(inputOf("spa", "product-launch", { speed, seconds: 30 }));
      expect(plan.scenes.reduce((n, s) => n + Math.round(s.seconds * 10), 0)).toBe(300);
    }
  });
});
