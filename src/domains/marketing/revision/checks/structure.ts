import type { CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import { LOGO_SCALE } from "../../../../pipelines/marketing/campaign/limits.js";
import type { RevisionRules } from "../context.js";
import { refuse, scenePath } from "../refusal.js";

/** Scene ids are unique (they are how operations and later revisions name a scene); one scene at least shows. */
export function checkStructure(doc: CampaignDocument): void {
  const seen = new Map<string, number>();
  doc.story.scenes.forEach((scene, i) => {
    const earlier = seen.get(scene.id);
    if (earlier !== undefined) {
      refuse("invalid_revision", scenePath(i, "id"), `repeats the id of scene ${earlier}`, { sceneId: scene.id });
    }
    seen.set(scene.id, i);
  });
  if (doc.story.scenes.every((s) => s.hidden)) refuse("invalid_revision", "/story/scenes", "no scene is visible");
}

/**
 * The document fits the project's template: its scene kinds are ones the template lays out, its orientation
 * and length are offered (a length with the code every other path answers it with, `unsupported_duration`),
 * its speed is offered, and the logo's scale is one the layouts hold. An orientation or kind the
 * template is not laid out for, and a logo scale past the layouts, are `revision_configuration_mismatch`,
 * as the edit grammar answers them (decision 0033).
 */
export function checkTemplate(doc: CampaignDocument, rules: Pick<RevisionRules, "catalogue" | "outline">): void {
  const { catalogue, outline } = rules;
  doc.story.scenes.forEach((scene, i) => {
    if (!outline.includes(scene.kind)) {
      refuse("revision_configuration_mismatch", scenePath(i, "kind"), "the template has no layout for this kind", {
        kind: scene.kind,
        kinds: [...new Set(outline)],
      });
    }
  });
  const { orientation, seconds } = doc.export;
  if (!catalogue.orientations.includes(orientation)) {
    refuse("revision_configuration_mismatch", "/export/orientation", "the template is not laid out for it", {
      orientation,
      orientations: catalogue.orientations,
    });
  }
  if (!catalogue.durations.includes(seconds)) {
    refuse("unsupported_duration", "/export/seconds", "the template is not offered in this length", {
      seconds,
      durations: catalogue.durations,
    });
  }
  if (!catalogue.speeds.includes(doc.sound.speed)) {
    refuse("campaign_speed_not_offered", "/sound/speed", "the template does not offer this speed", {
      speed: doc.sound.speed,
      speeds: catalogue.speeds,
    });
  }
  const { scale } = doc.style.logo;
  if (scale < LOGO_SCALE.min || scale > LOGO_SCALE.max) {
    refuse("revision_configuration_mismatch", "/style/logo/scale", "the layouts hold a logo scaled 0.5 to 2", {
      scale,
      ...LOGO_SCALE,
    });
  }
}

/** How far the visible scenes' seconds may add up from the length: a float's rounding, never a real gap. */
const SUM_TOLERANCE = 0.05;

/** The visible scenes add up to the length (scene-seconds.ts lays them out so); footage runs forward. */
export function checkSceneSeconds(doc: CampaignDocument): void {
  const visible = doc.story.scenes.filter((s) => !s.hidden);
  const sum = Math.round(visible.reduce((total, s) => total + s.seconds, 0) * 100) / 100;
  if (Math.abs(sum - doc.export.seconds) > SUM_TOLERANCE) {
    refuse("invalid_revision", "/story/scenes", "the visible scenes' seconds do not add up to the length", {
      seconds: sum,
      length: doc.export.seconds,
    });
  }
  doc.story.scenes.forEach((scene, i) => {
    const v = scene.visual;
    if (v.type === "footage" && v.toSeconds <= v.fromSeconds) {
      refuse("invalid_revision", scenePath(i, "visual", "toSeconds"), "must be after fromSeconds");
    }
  });
}
