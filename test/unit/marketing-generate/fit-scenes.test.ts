import { describe, expect, it } from "vitest";
import { SynthesisFailedError } from "../../../src/media/tts/engine.js";
import { FestivalEngine } from "../../../src/media/tts/festival.js";
import { spokenForm, spokenWordCount } from "../../../src/media/tts/spoken-form.js";
import type { CampaignScene } from "../../../src/pipelines/marketing/campaign/document.js";
import { MIN_SCENE_SECONDS, SCENE_BREATH_SECONDS } from "../../../src/pipelines/marketing/campaign/limits.js";
import {
  estimateSpokenSeconds,
  fitScenes,
  fitScenesEstimate,
} from "../../../src/pipelines/marketing/generate/fit-scenes.js";
import { planStory } from "../../../src/pipelines/marketing/generate/plan-story.js";
import { inputOf } from "./sources.js";

// Scene lengths from the narration's spoken length: exact sums, room for every line, trimming by
// sentences when the speech does not fit, and the same on speech measured with the real voice.

const scene = (id: string, narration: string, over: Partial<CampaignScene> = {}): CampaignScene => ({
  id,
  kind: "feature",
  hidden: false,
  seconds: 0,
  headline: null,
  body: null,
  cta: null,
  quote: null,
  narration,
  visual: { type: "plate" },
  ...over,
});

const tenths = (scenes: readonly CampaignScene[]) =>
  scenes.filter((s) => !s.hidden).reduce((n, s) => n + Math.round(s.seconds * 10), 0);

describe("fitScenes", () => {
  it("gives every scene its speech, a breath and the minimum, and sums exactly to the length", () => {
    const scenes = ["a", "b", "c", "d", "e", "f", "g"].map((id) => scene(id, "Words."));
    const spoken = [3.33, 7.07, 0, 5.55, 9.99, 0.4, 2.22];
    for (const [total, speed] of [
      [60, 1],
      [45, 1.25],
      [90, 0.9],
      [47.3, 1.1],
    ] as const) {
      const fit = fitScenes(scenes, spoken, total, speed);
      expect(fit.error).toBeNull();
      expect(fit.trimmed).toEqual([]);
      expect(tenths(fit.scenes)).toBe(Math.round(total * 10));
      fit.scenes.forEach((s, i) => {
        expect(s.seconds).toBeGreaterThanOrEqual(MIN_SCENE_SECONDS);
        expect(s.seconds + 1e-9).toBeGreaterThanOrEqual(
          (spoken[i] as number) / speed + (spoken[i] ? SCENE_BREATH_SECONDS : 0),
        );
        expect(Math.round(s.seconds * 10)).toBeCloseTo(s.seconds * 10, 6);
      });
    }
  });

  it("shares the time left over in proportion to what each scene needs", () => {
    // Needs 2.0 s and 6.0 s (speech and breath): 16 s doubles each.
    const fit = fitScenes([scene("a", "x"), scene("b", "y")], [1.6, 5.6], 16, 1);
    expect(fit.scenes.map((s) => s.seconds)).toEqual([4, 12]);
  });

  it("leaves hidden scenes out of the sum and their seconds as they were", () => {
    const scenes = [scene("a", "x"), scene("b", "y", { hidden: true, seconds: 4 }), scene("c", "z")];
    const fit = fitScenes(scenes, [2, 9, 2], 10, 1);
    expect(fit.scenes[1]?.seconds).toBe(4);
    expect(tenths(fit.scenes)).toBe(100);
  });

  it("speech that does not fit loses its last sentences, longest line first, and says which scenes", () => {
    const long = scene(
      "a",
      "One two three four five. Six seven eight nine ten. Eleven twelve thirteen fourteen fifteen.",
    );
    const quote = scene("b", "Dana says: “We cut it short. Then more words follow here.”");
    const spoken = [12, 8];
    const fit = fitScenes([long, quote], spoken, 12, 1);
    expect(fit.trimmed).toEqual(["a", "b"]);
    expect(fit.scenes[0]?.narration).toBe("One two three four five.");
    expect(fit.scenes[1]?.narration).toBe("Dana says: “We cut it short.”");
    expect(fit.error).toBeNull();
    expect(tenths(fit.scenes)).toBe(120);
  });

  it("speech that cannot fit even trimmed is an error, and the scenes still fill the length", () => {
    const fit = fitScenes([scene("a", "Just one long sentence here."), scene("b", "And another.")], [9, 6], 10, 1);
    expect(fit.error).toEqual({ neededSeconds: 15.8, totalSeconds: 10 });
    expect(tenths(fit.scenes)).toBe(100);
  });

  it("estimates speech from spoken words at 2.5 a second, the speed applied on top", () => {
    const line = "Save 5 hours a week with 40% faster onboarding.";
    expect(estimateSpokenSeconds(line)).toBeCloseTo(spokenWordCount(line) / 2.5, 9);
    const slow = fitScenesEstimate([scene("a", line), scene("b", "Hi.")], 30, 1);
    const fast = fitScenesEstimate([scene("a", line), scene("b", "Hi.")], 30, 1.25);
    expect(tenths(slow.scenes)).toBe(300);
    expect(tenths(fast.scenes)).toBe(300);
  });
});

describe("fitScenes on the real voice (festival)", () => {
  it("fits the SaaS product launch to its length on measured speech", { timeout: 180_000 }, async () => {
    const plan = planStory(inputOf("saas", "product-launch"));
    const voice = { id: "festival:cmu_us_slt_arctic_hts", engine: "festival", engineVoice: "cmu_us_slt_arctic_hts" };
    const spoken = await new FestivalEngine().synthesizeMany(
      plan.scenes.map((s) => spokenForm(s.narration, "en")),
      voice,
    );
    const seconds = spoken.map((out) => {
      if (out instanceof SynthesisFailedError) throw out;
      return out.durationSeconds;
    });
    const fit = fitScenes(plan.scenes, seconds, 60, 1);
    expect(fit.error).toBeNull();
    expect(tenths(fit.scenes)).toBe(600);
    fit.scenes.forEach((s, i) => {
      expect(s.seconds).toBeGreaterThanOrEqual((seconds[i] as number) + SCENE_BREATH_SECONDS);
    });
    // The estimate preflight shows is near what the voice takes: within a quarter either way over the video.
    const estimated = plan.scenes.reduce((n, s) => n + estimateSpokenSeconds(s.narration), 0);
    const measured = seconds.reduce((a, b) => a + b, 0);
    expect(estimated / measured).toBeGreaterThan(0.75);
    expect(estimated / measured).toBeLessThan(1.25);
  });
});
