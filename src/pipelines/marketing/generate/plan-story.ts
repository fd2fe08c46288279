import { SPOKEN_WORDS_PER_SECOND } from "../../../media/tts/spoken-form.js";
import { type CampaignScene, SCENE_KINDS, type SceneKind } from "../campaign/document.js";
import { SCENE_BREATH_SECONDS, TEXT_CAPS } from "../campaign/limits.js";
import { Casing } from "./casing.js";
import { chooseScenes } from "./choose-scenes.js";
import { CopyPool } from "./copy-pool.js";
import { durationAdvice } from "./duration-advice.js";
import { fitScenesEstimate } from "./fit-scenes.js";
import { fitFootage, footageOf, footageScene } from "./footage.js";
import { storyMissing } from "./missing.js";
import type { SceneDraft } from "./scene-draft.js";
import { shortenCopy } from "./shorten.js";
import type { StoryInput, StoryPlan, StoryWarning } from "./story-types.js";
import { VisualPicker } from "./visuals.js";
import { speaksEnglish, writeNarration } from "./write-narration.js";

/**
 * The story of a generation, planned from a pinned source version alone (pure and synchronous: preflight
 * runs it on every request): the template's scenes filled with the site's copy and pictures, narration
 * written, and scene lengths estimated from the narration's spoken words. The job measures the narration
 * with the real voice afterwards and fits again (fitScenes).
 */

/** The narration aims a little under the length, since the estimate is an estimate. */
const BUDGET_SHARE = 0.92;

export function planStory(input: StoryInput): StoryPlan {
  const { manifest, template } = input;
  const kinds = template.scenes.filter((k): k is SceneKind => (SCENE_KINDS as readonly string[]).includes(k));
  const speed = input.speed ?? 1;
  const pool = new CopyPool(manifest, input.focus);
  const footage = footageOf(manifest, template, input.demo);
  const footageAt = footage ? footageScene(kinds) : -1;
  const warnings: StoryWarning[] = [];
  if (input.demo && (template.demoFootage === "none" || footageAt < 0)) {
    warnings.push({ code: "footage_unused", message: `Template ${template.id} has no scene that shows demo footage.` });
  }
  const chosen = chooseScenes(kinds, pool, manifest, footage !== null && footageAt >= 0);
  warnings.push(...chosen.warnings);
  if (pool.focused && !pool.focusMet) {
    warnings.push({
      code: "focus_unmatched",
      message: `No copy on the site is about "${input.focus}": the usual blocks are used.`,
    });
  }

  const picker = new VisualPicker(manifest);
  const kept = chosen.drafts.flatMap((d, i) => (d ? [{ draft: d, footage: i === footageAt ? footage : null }] : []));
  const scenes: CampaignScene[] = kept.map(({ draft, footage: shown }, i) => ({
    id: `sc-${i + 1}`,
    kind: draft.kind,
    hidden: false,
    seconds: 0,
    headline: draft.headline,
    body: draft.body,
    cta: draft.cta,
    quote: draft.quote,
    narration: "",
    visual: shown ?? picker.pick(draft.want),
  }));
  for (const s of scenes) {
    if (s.visual.type === "plate") {
      warnings.push({
        code: "visual_plate",
        sceneId: s.id,
        message: `Scene ${s.id} shows the palette only: the source has no picture for it.`,
      });
    }
  }

  // English linking words only when the site and the voice are both English (a site of unknown language
  // is taken to speak the voice's); otherwise the site's own sentences alone.
  const siteLanguage = manifest.brand.language ?? input.language;
  const language = speaksEnglish(input.language) ? siteLanguage : input.language;
  if (!speaksEnglish(language)) {
    warnings.push({
      code: "narration_simple",
      message: `The ${language === input.language ? "voice speaks" : "site is in"} ${language}: the narration is the site's own sentences, without English linking words.`,
    });
  }
  const budget = Math.max(0, input.seconds - scenes.length * SCENE_BREATH_SECONDS) * SPOKEN_WORDS_PER_SECOND * speed;
  const lines = writeNarration(scenes, {
    brand: manifest.brand.name,
    language,
    claims: manifest.claims,
    speech: kept.map((k) => k.draft.speech),
    casing: new Casing(manifest),
    wordBudget: Math.floor(budget * BUDGET_SHARE),
  });
  scenes.forEach((s, i) => {
    s.narration = lines[i] ?? "";
  });

  const fit = fitScenesEstimate(scenes, input.seconds, speed);
  for (const id of fit.trimmed) {
    warnings.push({
      code: "narration_trimmed",
      sceneId: id,
      message: `Scene ${id}'s narration was shortened to fit ${input.seconds} s.`,
    });
  }
  if (fit.error) {
    warnings.push({
      code: "narration_too_long",
      message: `The narration needs about ${fit.error.neededSeconds} s, more than the ${input.seconds} s chosen.`,
    });
  }
  const fitted = fitFootage(fit.scenes, input.demo);
  const advice = durationAdvice(fitted, template.durations, input.seconds, speed, kinds.length - scenes.length);
  if (advice) warnings.push(advice);

  return {
    scenes: fitted,
    coverText: coverTextOf(scenes, manifest.brand.name, manifest.finalUrl),
    warnings,
    missing: storyMissing(input, kinds, chosen.drafts, footage !== null),
    plan: kept.map(({ draft }: { draft: SceneDraft }, i) => ({
      sceneId: `sc-${i + 1}`,
      kind: draft.kind,
      copyIds: draft.blocks.map((b) => b.id),
      claimIds: draft.claimIds,
    })),
  };
}

/** The cover: the hook's headline when it fits, else the brand's name, else the site's host. */
function coverTextOf(scenes: readonly CampaignScene[], brand: string | null, url: string): string {
  const opening = scenes[0]?.headline ?? null;
  const cut = opening ? shortenCopy(opening, TEXT_CAPS.coverText, { sentences: "first", ellipsis: false }) : null;
  const name = brand ? shortenCopy(brand, TEXT_CAPS.coverText, { sentences: "first", ellipsis: false }) : null;
  return cut ?? name ?? new URL(url).hostname;
}
