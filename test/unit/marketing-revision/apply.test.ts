import { describe, expect, it } from "vitest";
import { interpretEdit } from "../../../src/domains/marketing/edits/interpret.js";
import { applyOperations } from "../../../src/domains/marketing/revision/apply.js";
import type { CampaignDocument, RevisionOperation } from "../../../src/pipelines/marketing/campaign/document.js";
import { checkDocument } from "../../support/check-document.js";
import { inputFor } from "../marketing-edits/fixtures.js";
import { KIT_LOOK, project, refusalOf, SOURCE_LOOK } from "./project.js";

const visibleSeconds = (doc: CampaignDocument): number =>
  Math.round(doc.story.scenes.filter((s) => !s.hidden).reduce((sum, s) => sum + s.seconds, 0) * 10) / 10;
const ids = (doc: CampaignDocument): string[] => doc.story.scenes.map((s) => s.id);

describe("each operation", () => {
  const { document, rules } = project("launch"); // 60 s, nine scenes, sc-6 hidden
  const apply = (...ops: RevisionOperation[]) => applyOperations(document, ops, rules);

  it("set_length changes the length and lays the visible scenes out over it, keeping their proportions", () => {
    const uneven = structuredClone(document);
    uneven.story.scenes.forEach((s, i) => {
      if (!s.hidden) s.seconds = i === 0 ? 15 : 5; // 15 + 7 × 5 = 50 of 60: fitted below to the total
    });
    const doc = applyOperations(uneven, [{ op: "set_length", seconds: 30 }], rules);
    expect(doc.export.seconds).toBe(30);
    expect(visibleSeconds(doc)).toBe(30);
    expect(doc.story.scenes[0]?.seconds).toBe(9); // 15/50 of 30
    expect(doc.story.scenes[1]?.seconds).toBe(3); // 5/50 of 30
    // Hidden scenes are scaled alike, so showing one again gives it its share of the new length.
    expect(doc.story.scenes[5]?.seconds).toBe(4.5);
  });

  it("set_length holds scenes at their minimum and shares the rest", () => {
    const { document: feature, rules: featureRules } = project("feature");
    const uneven = structuredClone(feature);
    uneven.story.scenes.forEach((s, i) => {
      s.seconds = [2, 10, 9, 9][i] as number;
    });
    const doc = applyOperations(uneven, [{ op: "set_length", seconds: 15 }], featureRules);
    expect(doc.story.scenes.map((s) => s.seconds)).toEqual([1.5, 4.82, 4.34, 4.34]);
    expect(visibleSeconds(doc)).toBe(15);
  });

  it("set_speed, set_orientation, set_voice, set_audio_mode set what they name", () => {
    const doc = apply(
      { op: "set_speed", speed: 1.1 },
      { op: "set_orientation", orientation: "portrait" },
      { op: "set_voice", voiceId: "espeak-ng:en-us" },
      { op: "set_audio_mode", audioMode: "voice_only" },
    );
    expect(doc.sound).toMatchObject({ speed: 1.1, voiceId: "espeak-ng:en-us", audioMode: "voice_only" });
    expect(doc.export.orientation).toBe("portrait");
  });

  it("hide_scene and show_scene change what shows, and the visible scenes fill the length", () => {
    const hidden = apply({ op: "hide_scene", sceneId: "sc-8" });
    expect(hidden.story.scenes[7]?.hidden).toBe(true);
    expect(visibleSeconds(hidden)).toBe(60);
    expect(hidden.story.scenes[0]?.seconds).toBeCloseTo(60 / 7, 1);
    const shown = apply({ op: "show_scene", sceneId: "sc-6" });
    expect(shown.story.scenes[5]?.hidden).toBe(false);
    expect(visibleSeconds(shown)).toBe(60);
    expect(shown.story.scenes.map((s) => s.seconds)).toEqual([6.67, 6.67, 6.67, 6.67, 6.67, 6.67, 6.66, 6.66, 6.66]);
    // Hiding a scene and showing it again gives every scene its share back (to the hundredth's rounding).
    const back = applyOperations(hidden, [{ op: "show_scene", sceneId: "sc-8" }], rules);
    back.story.scenes.forEach((s, i) => {
      expect(s.seconds).toBeCloseTo(document.story.scenes[i]?.seconds as number, 1);
    });
  });

  it("move_scene puts the scene at the index it will have; swap_scenes trades two places; ids stay", () => {
    expect(ids(apply({ op: "move_scene", sceneId: "sc-9", toIndex: 0 }))).toEqual([
      "sc-9",
      "sc-1",
      "sc-2",
      "sc-3",
      "sc-4",
      "sc-5",
      "sc-6",
      "sc-7",
      "sc-8",
    ]);
    expect(ids(apply({ op: "move_scene", sceneId: "sc-1", toIndex: 8 })).slice(-2)).toEqual(["sc-9", "sc-1"]);
    expect(ids(apply({ op: "swap_scenes", sceneId: "sc-2", withSceneId: "sc-8" })).slice(1, 8)).toEqual([
      "sc-8",
      "sc-3",
      "sc-4",
      "sc-5",
      "sc-6",
      "sc-7",
      "sc-2",
    ]);
  });

  it("set_copy writes a field, keeping a call to action's address and a quote's author", () => {
    const doc = apply(
      { op: "set_copy", sceneId: "sc-1", field: "headline", text: "Themes, shipped" },
      { op: "set_copy", sceneId: "sc-1", field: "body", text: "Every week." },
      { op: "set_copy", sceneId: "sc-9", field: "cta", text: "Start free" },
      { op: "set_copy", sceneId: "sc-7", field: "quote", text: "We ship more." },
    );
    expect(doc.story.scenes[0]).toMatchObject({ headline: "Themes, shipped", body: "Every week." });
    expect(doc.story.scenes[8]?.cta).toEqual({ text: "Start free", url: "https://example.com/signup" });
    expect(doc.story.scenes[6]?.quote).toEqual({ text: "We ship more.", author: "Ana, Acme" });
  });

  it("set_narration and set_cover_text write the text as given", () => {
    const doc = apply(
      { op: "set_narration", sceneId: "sc-2", text: "Theming should not take weeks." },
      { op: "set_cover_text", text: "Themes in minutes" },
    );
    expect(doc.story.scenes[1]?.narration).toBe("Theming should not take weeks.");
    expect(doc.story.coverText).toBe("Themes in minutes");
  });

  it("set_palette writes the colour upper case; set_font one role; set_logo and set_captions what they carry", () => {
    const doc = apply(
      { op: "set_palette", role: "accent", hex: "#0ea5e9" },
      { op: "set_font", role: "heading", fontId: "lora" },
      { op: "set_logo", scale: 1.5 },
      { op: "set_logo", hidden: true },
      { op: "set_captions", style: "bold" },
      { op: "set_captions", enabled: false },
    );
    expect(doc.style.palette.accent).toBe("#0EA5E9");
    expect(doc.style.fonts).toEqual({ heading: "lora", body: "inter" });
    expect(doc.style.logo).toEqual({ sourceId: "src-1", assetId: "logo-1", scale: 1.5, hidden: true });
    expect(doc.style.captions).toEqual({ enabled: false, style: "bold" });
  });

  it("set_music sets the mood or the volume", () => {
    expect(apply({ op: "set_music", mood: "upbeat" }).sound.music).toEqual({ mood: "upbeat", volume: 0.35 });
    expect(apply({ op: "set_music", volume: 0.2 }).sound.music).toEqual({ mood: "calm", volume: 0.2 });
  });

  it("use_brand takes the brand's palette, fonts and logo, keeping what the brand does not have", () => {
    const kit = apply({ op: "use_brand", from: "kit" });
    expect(kit.style.palette).toEqual(KIT_LOOK.palette);
    expect(kit.style.fonts).toEqual(document.style.fonts);
    expect(kit.style.logo).toEqual(document.style.logo);
    const site = apply({ op: "set_logo", scale: 1.25 }, { op: "use_brand", from: "source" });
    expect(site.style.palette).toEqual(SOURCE_LOOK.palette);
    expect(site.style.fonts).toEqual(SOURCE_LOOK.fonts);
    expect(site.style.logo).toEqual({ sourceId: "src-1", assetId: "image-1", scale: 1.25, hidden: false });
  });

  it("revert yields the earlier revision's document, which the operations after it edit", () => {
    const doc = apply({ op: "revert", toRevision: 2 }, { op: "set_length", seconds: 45 });
    expect(doc.story.coverText).toBe("Revision 2");
    expect(doc.export.seconds).toBe(45);
    expect(visibleSeconds(doc)).toBe(45);
  });

  it("never changes the document it was given", () => {
    const before = structuredClone(document);
    apply({ op: "hide_scene", sceneId: "sc-1" }, { op: "set_palette", role: "text", hex: "#000000" });
    expect(document).toEqual(before);
  });
});

describe("refusals, naming the operation's path", () => {
  const { document, rules } = project("launch");
  const refused = (...ops: RevisionOperation[]) => refusalOf(() => applyOperations(document, ops, rules));

  it("a scene id the document does not have", () => {
    expect(
      refused(
        { op: "set_speed", speed: 1 },
        { op: "hide_scene", sceneId: "sc-2" },
        { op: "set_logo", hidden: false },
        { op: "set_narration", sceneId: "sc-12", text: "Hello." },
      ),
    ).toEqual({
      code: "invalid_revision",
      details: { path: "/operations/3/sceneId", reason: "names no scene of the document", sceneId: "sc-12" },
    });
    expect(refused({ op: "swap_scenes", sceneId: "sc-1", withSceneId: "sc-10" })).toMatchObject({
      details: { path: "/operations/0/withSceneId", sceneId: "sc-10" },
    });
  });

  it("a move past the last scene", () => {
    expect(refused({ op: "move_scene", sceneId: "sc-1", toIndex: 9 })).toEqual({
      code: "invalid_revision",
      details: { path: "/operations/0/toIndex", reason: "is past the last scene", toIndex: 9, scenes: 9 },
    });
  });

  it("a call to action's text on a scene that has none", () => {
    expect(refused({ op: "set_copy", sceneId: "sc-2", field: "cta", text: "Buy" })).toMatchObject({
      code: "invalid_revision",
      details: { path: "/operations/0/field", reason: "the scene has no call to action" },
    });
  });

  it("a length the visible scenes cannot each get their minimum in", () => {
    expect(refused({ op: "set_length", seconds: 10 })).toMatchObject({
      code: "invalid_revision",
      details: { path: "/operations/0/seconds", visibleScenes: 8, seconds: 10 },
    });
  });

  it("a revert after other changes, to the latest, or to a revision the project does not have", () => {
    expect(refused({ op: "set_speed", speed: 1.1 }, { op: "revert", toRevision: 2 })).toMatchObject({
      code: "invalid_revision",
      details: { path: "/operations/1", reason: "a revert must be the first operation" },
    });
    expect(refused({ op: "revert", toRevision: 4 })).toEqual({
      code: "invalid_revision",
      details: {
        path: "/operations/0/toRevision",
        reason: "is the latest revision: there is nothing to go back from",
        toRevision: 4,
        latestRevision: 4,
      },
    });
    expect(refused({ op: "revert", toRevision: 9 })).toEqual({
      code: "no_revision",
      details: {
        path: "/operations/0/toRevision",
        reason: "is not a revision of the project",
        toRevision: 9,
        latestRevision: 4,
      },
    });
  });

  it("the brand kit when the account has none", () => {
    const noKit = { ...rules, brands: { ...rules.brands, kit: null } };
    expect(refusalOf(() => applyOperations(document, [{ op: "use_brand", from: "kit" }], noKit))).toEqual({
      code: "brand_kit_required",
      details: { path: "/operations/0/from", reason: "the account has no brand kit" },
    });
  });
});

describe("a sentence edit's operations", () => {
  it("apply and check: the issue's example makes a 15 s video without the proof and a new call to action", () => {
    const { document, rules } = project("feature");
    const outcome = interpretEdit({
      ...inputFor(
        "feature",
        "make it 15 seconds, remove the proof scene and change the call to action to 'Start free'",
      ),
      document,
    });
    if (!outcome.understood) throw new Error(outcome.refusal.message);
    const doc = applyOperations(document, outcome.operations, rules);
    expect(() => checkDocument(doc, rules)).not.toThrow();
    expect(doc.export.seconds).toBe(15);
    expect(doc.story.scenes.map((s) => [s.id, s.hidden, s.seconds])).toEqual([
      ["sc-1", false, 5],
      ["sc-2", false, 5],
      ["sc-3", true, 5],
      ["sc-4", false, 5],
    ]);
    expect(doc.story.scenes[3]?.cta?.text).toBe("Start free");
  });
});
