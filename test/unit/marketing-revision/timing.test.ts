import { describe, expect, it } from "vitest";
import { MARKETING_TEMPLATES } from "../../../src/domains/catalog/marketing-templates.js";
import {
  ENDING_TOLERANCE_SECONDS,
  MUSIC_MOODS,
  MUSIC_TEMPOS,
  musicEnding,
  TEMPO_LEEWAY,
} from "../../../src/media/music/tempo.js";
import { SPOKEN_WORDS_PER_SECOND as WORDS_PER_SECOND } from "../../../src/media/tts/spoken-form.js";
import type { CampaignScene } from "../../../src/pipelines/marketing/campaign/document.js";
import {
  measuredFit,
  NARRATION_FIT_TOLERANCE,
  narrationFit,
  secondsToSay,
} from "../../../src/pipelines/marketing/campaign/narration-fit.js";
import { fitSceneSeconds } from "../../../src/pipelines/marketing/campaign/scene-seconds.js";

describe("the music's ending", () => {
  const durations = [...new Set(MARKETING_TEMPLATES.flatMap((t) => t.durations))].sort((a, b) => a - b);

  it("lands on a whole bar for every length a template offers, in every mood, at speed 1", () => {
    expect(durations).toEqual([10, 15, 30, 45, 60, 90, 120]);
    for (const mood of MUSIC_MOODS) {
      for (const seconds of durations) {
        const ending = musicEnding(mood, seconds, 1);
        expect(ending, `${mood} ${seconds} s`).not.toBeNull();
        if (!ending) continue;
        expect(Number.isInteger(ending.bars)).toBe(true);
        expect(Math.abs(ending.endsAt - seconds)).toBeLessThanOrEqual(ENDING_TOLERANCE_SECONDS);
        expect(Math.abs(ending.tempo / MUSIC_TEMPOS[mood] - 1)).toBeLessThanOrEqual(TEMPO_LEEWAY + 1e-9);
        expect(ending.endsAt).toBeCloseTo((ending.bars * 4 * 60) / ending.tempo, 9);
      }
    }
  });

  it("scales the tempo with the speed; of everything the templates offer, only a calm 10 s teaser at 1.1× cannot end", () => {
    const faster = musicEnding("energetic", 30, 1.25);
    expect(faster?.tempo).toBeGreaterThanOrEqual(MUSIC_TEMPOS.energetic * 1.25 * (1 - TEMPO_LEEWAY));
    const failing = MARKETING_TEMPLATES.flatMap((t) =>
      t.speeds.flatMap((speed) =>
        t.durations.flatMap((seconds) =>
          MUSIC_MOODS.filter((mood) => !musicEnding(mood, seconds, speed)).map(
            (mood) => `${t.id} ${mood} ${seconds} s ${speed}×`,
          ),
        ),
      ),
    );
    // 3 bars would need 72 and 4 bars 96 beats a minute, both over 6 % from 76 × 1.1 = 83.6.
    expect(failing).toEqual(["social-teaser calm 10 s 1.1×"]);
  });

  it("knows no tempo for a mood it does not have", () => {
    expect(musicEnding("warm", 30, 1)).toBeNull();
  });
});

describe("narration fit", () => {
  it("counts the spoken form's words at 2.5 a second times the speed, allowing 5 % over", () => {
    expect([WORDS_PER_SECOND, NARRATION_FIT_TOLERANCE]).toEqual([2.5, 0.05]);
    // "$12,628" is said in five words: "twelve thousand six hundred twenty-eight dollars"; ten in all.
    const line = "We saved $12,628 last year.";
    expect(narrationFit(line, 4, 1)).toEqual({ fits: true, words: 10, spokenSeconds: 4, wordsThatFit: 10 });
    expect(narrationFit(line, 3.8, 1)).toEqual({ fits: false, words: 10, spokenSeconds: 4, wordsThatFit: 9 });
    expect(narrationFit(line, 3.8, 1.25)).toEqual({ fits: true, words: 10, spokenSeconds: 3.2, wordsThatFit: 12 });
  });
});

describe("narration fit on the voice's measure", () => {
  it("holds the line at the speed plus a 0.4 s breath, and counts the words the scene holds at the voice's pace", () => {
    const line = "We saved $12,628 last year."; // ten spoken words
    expect(secondsToSay(3.6, 1)).toBeCloseTo(4, 9);
    expect(secondsToSay(0, 1)).toBe(0);
    expect(measuredFit(line, 3.6, 4, 1)).toEqual({
      fits: true,
      spokenSeconds: 3.6,
      neededSeconds: 4,
      words: 10,
      wordsThatFit: 10,
    });
    expect(measuredFit(line, 3.6, 4, 0.9)).toEqual({
      fits: false,
      spokenSeconds: 4,
      neededSeconds: 4.4,
      words: 10,
      wordsThatFit: 9,
    });
    expect(measuredFit(line, 3.6, 3.5, 1.2).fits).toBe(true); // 3 s + 0.4
  });
});

describe("scene seconds", () => {
  const scenes = (...seconds: number[]): CampaignScene[] =>
    seconds.map((s, i) => ({
      id: `sc-${i + 1}`,
      kind: "feature",
      hidden: s < 0,
      seconds: Math.abs(s),
      headline: null,
      body: null,
      cta: null,
      quote: null,
      narration: "",
      visual: { type: "plate" },
    }));
  const seconds = (list: CampaignScene[] | null) => list?.map((s) => s.seconds);

  it("splits the length in whole hundredths that add up exactly, keeping proportions", () => {
    expect(seconds(fitSceneSeconds(scenes(1.5, 1.5, 1.5), 10))).toEqual([3.34, 3.33, 3.33]);
    expect(seconds(fitSceneSeconds(scenes(10, 5, 5), 30))).toEqual([15, 7.5, 7.5]);
  });

  it("scales hidden scenes by the same factor, and holds short scenes at the minimum", () => {
    expect(seconds(fitSceneSeconds(scenes(10, -10, 10), 30))).toEqual([15, 15, 15]);
    expect(seconds(fitSceneSeconds(scenes(1.5, 20, 20), 10))).toEqual([1.5, 4.25, 4.25]);
  });

  it("answers null when the visible scenes cannot each get the minimum", () => {
    expect(fitSceneSeconds(scenes(5, 5, 5, 5, 5, 5, 5), 10)).toBeNull();
    expect(fitSceneSeconds(scenes(5, 5, 5, 5, 5, 5, -5), 10)).not.toBeNull();
  });
});
