import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import { sceneName } from "../revision/scene-names.js";
import type { EditCatalogue } from "./context.js";
import { editDistance } from "./typo.js";

/**
 * Three instructions the grammar understands, close to what was typed: candidates made from this
 * document (its scenes, the lengths and orientations offered), ranked by how many typed words they share
 * (a word counts when it is within a slip of one), ties kept in the list's order. Deterministic.
 */
export function candidateInstructions(
  doc: CampaignDocument,
  catalogue: EditCatalogue,
  latestRevision: number,
): string[] {
  const list: string[] = [];
  const scenes = doc.story.scenes;
  for (const d of catalogue.durations) if (d !== doc.export.seconds) list.push(`make it ${d} seconds`);
  for (const s of scenes) {
    const name = sceneName(doc, s).toLowerCase();
    list.push(s.hidden ? `show the ${name} scene` : `hide the ${name} scene`);
  }
  const last = scenes[scenes.length - 1];
  if (scenes.length > 1 && last)
    list.push(`move the ${sceneName(doc, scenes[0] ?? last).toLowerCase()} scene to the end`);
  if (scenes.some((s) => s.cta !== null)) list.push("change the call to action to 'Start free'");
  list.push("change the headline to 'Your words here'", "change the cover text to 'Your words here'");
  list.push("darker background", "lighter background", "use our brand colours", "use the website's colours");
  list.push("a serif font for the headings", "hide the logo", "bigger logo", "turn off captions");
  for (const o of catalogue.orientations) if (o !== doc.export.orientation) list.push(`make it ${o}`);
  list.push("a female voice", "a male voice", "no music", "calmer music", "quieter music", "faster", "slower");
  if (latestRevision > 1) list.push("undo", `go back to revision ${Math.max(1, latestRevision - 1)}`);
  return list;
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const STOP = new Set(["the", "a", "an", "it", "to", "of", "and", "make", "please", "scene", "more", "can", "you"]);

export function suggestionsFor(typed: string, candidates: readonly string[]): string[] {
  const typedWords = words(typed).filter((w) => !STOP.has(w));
  const score = (candidate: string): number =>
    words(candidate)
      .filter((w) => !STOP.has(w))
      .filter((w) => typedWords.some((t) => t === w || (t.length >= 4 && editDistance(t, w) <= 1))).length;
  return candidates
    .map((c, i) => ({ c, i, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, 3)
    .map((x) => x.c);
}
