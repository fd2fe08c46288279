import type { SceneKind } from "../campaign/document.js";
import type { SceneDraft } from "./scene-draft.js";
import type { MissingEntry, StoryInput } from "./story-types.js";
import { hasPictures } from "./visuals.js";

/**
 * What stops a generation, as preflight lists it (`details.missing`). The minimum a plan needs is an
 * opening and a call to action: the template's hook (or, for a template without one, its first scene)
 * filled from the source's copy, and a call to action (the site's own, or its name and start page, which
 * every source has). A thin site with just a headline and a picture therefore gets a two-scene plan with
 * warnings rather than a refusal; a source with no copy to open with is refused.
 *
 * Fields, and the refusal each one means for the caller:
 * - `visuals` — the version has no retained screenshot, image, still or poster (a logo alone does not
 *   count, nor does demo footage, which shows in one scene at most): `campaign_visuals_insufficient`.
 * - `demo` — the template requires footage (`demoFootage: "required"`) and there is neither a `demo`
 *   range nor a render source's video: `missing_required_footage`.
 * - `hook` — no copy to open the video with. The catalogue has no code for missing copy; the caller
 *   picks one (this cannot happen for a website scan, which always reads a headline or a title).
 */

export function storyMissing(
  input: StoryInput,
  kinds: readonly SceneKind[],
  drafts: readonly (SceneDraft | null)[],
  footage: boolean,
): MissingEntry[] {
  const missing: MissingEntry[] = [];
  const { template, manifest } = input;
  if (!hasPictures(manifest)) {
    missing.push({
      field: "visuals",
      section: "story",
      message: "The source version has no screenshot or image to show: scan the site again, or pick another source.",
    });
  }
  if (template.demoFootage === "required" && !footage) {
    missing.push({
      field: "demo",
      section: "story",
      message: `Template ${template.id} shows walkthrough footage: pass \`demo\` (a render and a range), or use a render source.`,
    });
  }
  const openingAt = kinds.includes("hook") ? kinds.indexOf("hook") : 0;
  if (kinds.length > 0 && !drafts[openingAt]) {
    missing.push({
      field: "hook",
      section: "story",
      message: "The source has no headline or value proposition to open the video with.",
    });
  }
  return missing;
}
