import { describe, expect, it } from "vitest";
import type { RevisionRules } from "../../../src/domains/marketing/revision/context.js";
import type { CampaignDocument } from "../../../src/pipelines/marketing/campaign/document.js";
import { fitSceneSeconds } from "../../../src/pipelines/marketing/campaign/scene-seconds.js";
import { checkDocument } from "../../support/check-document.js";
import type { ProjectName } from "../marketing-edits/fixtures.js";
import { project, refusalOf } from "./project.js";

/** The project's latest document changed by `edit`, and the first refusal checking it gives. */
function refused(name: ProjectName, edit: (doc: CampaignDocument, rules: RevisionRules) => void) {
  const { document, rules } = project(name);
  const doc = structuredClone(document);
  edit(doc, rules);
  return refusalOf(() => checkDocument(doc, rules));
}
function passes(name: ProjectName, edit: (doc: CampaignDocument, rules: RevisionRules) => void): void {
  const { document, rules } = project(name);
  const doc = structuredClone(document);
  edit(doc, rules);
  expect(() => checkDocument(doc, rules)).not.toThrow();
}
const scene = (doc: CampaignDocument, i: number) => doc.story.scenes[i] as CampaignDocument["story"]["scenes"][number];
const relayOut = (doc: CampaignDocument, seconds: number): void => {
  doc.export.seconds = seconds;
  doc.story.scenes = fitSceneSeconds(doc.story.scenes, seconds) ?? [];
};

describe("the document's structure", () => {
  it("refuses a repeated scene id and a document with no visible scene", () => {
    expect(refused("launch", (d) => (scene(d, 3).id = "sc-2"))).toEqual({
      code: "invalid_revision",
      details: { path: "/story/scenes/3/id", reason: "repeats the id of scene 1", sceneId: "sc-2" },
    });
    expect(
      refused("feature", (d) => {
        for (const s of d.story.scenes) s.hidden = true;
      }),
    ).toEqual({
      code: "invalid_revision",
      details: { path: "/story/scenes", reason: "no scene is visible" },
    });
  });

  it("checks the shape too: a document built in code with an unknown field is refused at its path", () => {
    expect(refused("feature", (d) => Object.assign(scene(d, 0), { subtitle: "x" }))).toMatchObject({
      code: "invalid_revision",
      details: { path: "/story/scenes/0/subtitle" },
    });
  });

  it("refuses visible scenes that do not add up to the length, and footage running backwards", () => {
    expect(refused("launch", (d) => (scene(d, 0).seconds += 1))).toEqual({
      code: "invalid_revision",
      details: {
        path: "/story/scenes",
        reason: "the visible scenes' seconds do not add up to the length",
        seconds: 61,
        length: 60,
      },
    });
    expect(
      refused(
        "launch",
        (d) => (scene(d, 2).visual = { type: "footage", renderId: "r-1", fromSeconds: 5, toSeconds: 3 }),
      ),
    ).toMatchObject({ code: "invalid_revision", details: { path: "/story/scenes/2/visual/toSeconds" } });
  });
});

describe("the template", () => {
  it("refuses a kind its layouts are not drawn for", () => {
    expect(refused("launch", (d) => (scene(d, 1).kind = "faq"))).toMatchObject({
      code: "revision_configuration_mismatch",
      details: { path: "/story/scenes/1/kind", kind: "faq" },
    });
  });

  it("refuses an orientation it is not laid out for as a configuration mismatch", () => {
    expect(refused("teaser", (d) => (d.export.orientation = "landscape"))).toEqual({
      code: "revision_configuration_mismatch",
      details: {
        path: "/export/orientation",
        reason: "the template is not laid out for it",
        orientation: "landscape",
        orientations: ["portrait", "square"],
      },
    });
  });

  it("refuses a length it does not offer, as every other path answers it", () => {
    expect(refused("feature", (d) => relayOut(d, 20))).toEqual({
      code: "unsupported_duration",
      details: {
        path: "/export/seconds",
        reason: "the template is not offered in this length",
        seconds: 20,
        durations: [15, 30, 45],
      },
    });
  });

  it("refuses a speed it does not offer", () => {
    expect(refused("teaser", (d) => (d.sound.speed = 1.5))).toEqual({
      code: "campaign_speed_not_offered",
      details: {
        path: "/sound/speed",
        reason: "the template does not offer this speed",
        speed: 1.5,
        speeds: [0.9, 1, 1.1, 1.25],
      },
    });
  });

  it("refuses a logo scale past what the layouts hold", () => {
    expect(refused("feature", (d) => (d.style.logo.scale = 3))).toMatchObject({
      code: "revision_configuration_mismatch",
      details: { path: "/style/logo/scale", scale: 3, min: 0.5, max: 2 },
    });
  });
});

describe("the catalogue", () => {
  it("refuses a font it does not have", () => {
    expect(refused("feature", (d) => (d.style.fonts.body = "comic-sans"))).toEqual({
      code: "settings_invalid",
      details: { path: "/style/fonts/body", reason: "is not a catalogue font", fontId: "comic-sans" },
    });
  });

  it("refuses a voice it does not have, and one that does not speak the site's language", () => {
    expect(refused("feature", (d) => (d.sound.voiceId = "festival:nobody"))).toEqual({
      code: "voice_unknown",
      details: { path: "/sound/voiceId", reason: "is not a catalogue voice", voiceId: "festival:nobody" },
    });
    expect(refused("feature", (d) => (d.sound.voiceId = "espeak-ng:fr"))).toEqual({
      code: "voice_language",
      details: {
        path: "/sound/voiceId",
        reason: "does not speak the site's language",
        voiceId: "espeak-ng:fr",
        voiceLanguage: "fr",
        language: "en",
      },
    });
    passes("feature", (d, rules) => {
      d.sound.voiceId = "espeak-ng:fr";
      (rules.source as { language: string | null }).language = null;
    });
  });

  it("refuses a caption style and a music mood it does not have", () => {
    expect(refused("feature", (d) => (d.style.captions.style = "neon"))).toEqual({
      code: "caption_style_unknown",
      details: {
        path: "/style/captions/style",
        reason: "is not a catalogue caption style",
        style: "neon",
        styles: ["classic", "bold", "karaoke"],
      },
    });
    expect(refused("feature", (d) => (d.sound.music.mood = "warm"))).toEqual({
      code: "settings_invalid",
      details: {
        path: "/sound/music/mood",
        reason: "is not a catalogue music mood",
        mood: "warm",
        moods: ["calm", "cinematic", "upbeat", "energetic"],
      },
    });
  });
});

describe("what is taken from the source", () => {
  it("refuses a visual that is not a retained asset of a type it can show", () => {
    expect(refused("launch", (d) => (scene(d, 1).visual = { type: "screenshot", assetId: "screenshot-42" }))).toEqual({
      code: "invalid_revision",
      details: {
        path: "/story/scenes/1/visual/assetId",
        reason: "is not a retained screenshot or still or poster of the source version",
        assetId: "screenshot-42",
      },
    });
    expect(refused("launch", (d) => (scene(d, 1).visual = { type: "screenshot", assetId: "logo-1" }))).toMatchObject({
      details: { path: "/story/scenes/1/visual/assetId" },
    });
    passes("launch", (d) => (scene(d, 1).visual = { type: "logo", assetId: "image-1" }));
  });

  it("refuses a shown logo of another source, not retained, or not a logo or image", () => {
    expect(refused("feature", (d) => (d.style.logo.sourceId = "src-9"))).toMatchObject({
      code: "invalid_revision",
      details: { path: "/style/logo/sourceId", sourceId: "src-9", projectSourceId: "src-1" },
    });
    for (const assetId of ["logo-3", "screenshot-1", "logo-7"]) {
      expect(refused("feature", (d) => (d.style.logo.assetId = assetId))).toEqual({
        code: "invalid_revision",
        details: {
          path: "/style/logo/assetId",
          reason: "is not a retained logo or image of the source version",
          assetId,
        },
      });
    }
  });

  it("refuses a logo whose shape the layouts cannot hold, unless it is hidden", () => {
    expect(refused("feature", (d) => (d.style.logo.assetId = "logo-2"))).toEqual({
      code: "campaign_logo_aspect_unsupported",
      details: {
        path: "/style/logo/assetId",
        reason: "the layouts cannot hold this logo's shape",
        assetId: "logo-2",
        aspectRatio: 12,
        min: 0.25,
        max: 8,
      },
    });
    passes("feature", (d) => Object.assign(d.style.logo, { assetId: "logo-2", hidden: true }));
  });
});

describe("the palette", () => {
  it("refuses text under 4.5:1 on the background, and on the primary, with the ratio", () => {
    expect(refused("feature", (d) => (d.style.palette.text = "#777777"))).toEqual({
      code: "invalid_revision",
      details: {
        path: "/style/palette/text",
        reason: "has too little contrast against background",
        ratio: 4.47,
        against: "background",
        minimum: 4.5,
      },
    });
    expect(refused("feature", (d) => (d.style.palette.primary = "#F59E0B"))).toMatchObject({
      code: "invalid_revision",
      details: { path: "/style/palette/primaryText", against: "primary", ratio: 2.14 },
    });
  });
});

describe("the texts", () => {
  it("refuses a cover text that is blank, broken over lines or marked up", () => {
    const cases: [string, string][] = [
      ["  ", "is empty"],
      ["New themes\nweekly", "holds a line break"],
      ["<b>New</b> themes", "holds markup"],
    ];
    for (const [text, reason] of cases) {
      expect(refused("feature", (d) => (d.story.coverText = text))).toEqual({
        code: "invalid_cover_text",
        details: { path: "/story/coverText", reason },
      });
    }
  });

  it("refuses narration with markup or a web address, and blank on a visible scene when a voice speaks", () => {
    const cases: [string, string][] = [
      ["Ship themes <break time='1s'/> weekly.", "holds markup"],
      ["Ship themes &amp; more.", "holds markup"],
      ["Start at https://themewright.example today.", "holds a web address"],
      ["Start at www.themewright.example today.", "holds a web address"],
      [" ", "is empty on a visible scene, and the audio mode has a voice"],
    ];
    for (const [text, reason] of cases) {
      expect(refused("launch", (d) => (scene(d, 2).narration = text))).toEqual({
        code: "invalid_campaign_narration",
        details: { path: "/story/scenes/2/narration", reason },
      });
    }
    passes("launch", (d) => (scene(d, 2).narration = "Start at themewright.example today."));
    passes("launch", (d) => (scene(d, 5).narration = "")); // hidden
    passes("teaser", (d) => (scene(d, 1).narration = "")); // music only: nothing is said
  });

  it("refuses blank copy and a call to action that is not a web address", () => {
    expect(refused("feature", (d) => (scene(d, 0).headline = "   "))).toEqual({
      code: "invalid_revision",
      details: { path: "/story/scenes/0/headline", reason: "is blank" },
    });
    expect(refused("feature", (d) => ((scene(d, 3).cta as { url: string }).url = "javascript:alert(1)"))).toEqual({
      code: "invalid_revision",
      details: { path: "/story/scenes/3/cta/url", reason: "must be an http or https address" },
    });
  });

  it("refuses a claim the source does not state, wherever it is, hidden scenes included", () => {
    expect(refused("feature", (d) => (scene(d, 0).headline = "Loved by 10,000 teams"))).toEqual({
      code: "campaign_unsupported_claim",
      details: {
        path: "/story/scenes/0/headline",
        reason: "states a claim the source does not",
        claim: "10,000 teams",
        kind: "number",
      },
    });
    expect(refused("launch", (d) => (scene(d, 5).narration = "The best theme tool there is."))).toMatchObject({
      code: "campaign_unsupported_claim",
      details: { path: "/story/scenes/5/narration", kind: "superlative" },
    });
    expect(refused("feature", (d) => (d.story.coverText = "Now 50% off"))).toMatchObject({
      details: { path: "/story/coverText", claim: "50% off", kind: "percentage" },
    });
    expect(
      refused("feature", (d) => ((scene(d, 3).cta as { text: string }).text = "Money-back guarantee")),
    ).toMatchObject({ details: { path: "/story/scenes/3/cta/text", kind: "guarantee" } });
    passes("feature", (d) => (scene(d, 0).narration = "Loved by 2,400 teams, free for 14 days."));
  });
});

describe("the timing the speed sets", () => {
  // 18 spoken words: at 1× a 7.5 s scene holds 19 (2.5 words/s, 5 % over allowed), at 0.9× only 17.
  const eighteen =
    "Theming a product by hand takes weeks of careful work from designers and engineers who would rather ship.";

  it("refuses a visible scene's narration that the speed makes too long for its seconds", () => {
    passes("launch", (d) => (scene(d, 1).narration = eighteen));
    expect(
      refused("launch", (d) => {
        scene(d, 1).narration = eighteen;
        d.sound.speed = 0.9;
      }),
    ).toEqual({
      code: "campaign_speed_breaks_narration_fit",
      details: {
        path: "/story/scenes/1/narration",
        reason: "is too long for the scene at this speed",
        sceneId: "sc-2",
        speed: 0.9,
        seconds: 7.5,
        spokenSeconds: 8,
        words: 18,
        wordsThatFit: 17,
        measured: false, // checkDocument without the voice's measure estimates
      },
    });
    // Nothing is said without a voice, and a hidden scene is not played.
    passes("launch", (d) => {
      scene(d, 1).narration = eighteen;
      d.sound.speed = 0.9;
      d.sound.audioMode = "music_only";
    });
  });

  it("refuses a speed and length the music cannot end on a whole bar at", () => {
    const calmTen = (d: CampaignDocument) => {
      relayOut(d, 10);
      d.sound.music.mood = "calm";
      d.sound.speed = 1;
    };
    passes("teaser", calmTen); // 3 bars at 72 beats a minute, 5 % under calm's 76
    expect(
      refused("teaser", (d) => {
        calmTen(d);
        d.sound.speed = 1.1;
      }),
    ).toEqual({
      code: "campaign_speed_breaks_music_ending",
      details: {
        path: "/sound/speed",
        reason: "the music cannot end on a whole bar at this speed and length",
        speed: 1.1,
        seconds: 10,
        mood: "calm",
      },
    });
    passes("teaser", (d) => {
      calmTen(d);
      d.sound.speed = 1.1;
      d.sound.audioMode = "voice_only";
    });
  });
});

describe("the order of refusals", () => {
  it("answers the refusal the others depend on first", () => {
    // An unoffered speed and an invented claim: the speed (what the template offers) comes first.
    expect(
      refused("feature", (d) => {
        d.sound.speed = 2;
        scene(d, 0).headline = "The best";
      }).code,
    ).toBe("campaign_speed_not_offered");
    // A shape problem before anything read from the shape.
    expect(
      refused("feature", (d) => {
        scene(d, 1).id = "sc-1";
        scene(d, 2).body = "x".repeat(181);
      }).details,
    ).toMatchObject({ path: "/story/scenes/2/body", limit: 180 });
  });
});
