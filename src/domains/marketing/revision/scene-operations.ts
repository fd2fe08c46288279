import type { CampaignDocument, CampaignScene } from "../../../pipelines/marketing/campaign/document.js";
import { fitSceneSeconds } from "../../../pipelines/marketing/campaign/scene-seconds.js";
import type { Steps } from "./operation-step.js";
import { refuse } from "./refusal.js";

/**
 * The operations on the story: scenes hidden, shown, moved and swapped (ids are kept: a scene's id is
 * stable across revisions), their copy and narration, the cover text, and the length, which the visible
 * scenes always add up to (scene-seconds.ts).
 */

function sceneIndex(doc: CampaignDocument, id: string, path: string): number {
  const index = doc.story.scenes.findIndex((s) => s.id === id);
  if (index === -1) refuse("invalid_revision", path, "names no scene of the document", { sceneId: id });
  return index;
}

const sceneAt = (doc: CampaignDocument, id: string, path: string): CampaignScene =>
  doc.story.scenes[sceneIndex(doc, id, path)] as CampaignScene;

/** The visible scenes laid out again over the length; refused at `path` when they cannot each get their minimum. */
function refit(doc: CampaignDocument, path: string): void {
  const fitted = fitSceneSeconds(doc.story.scenes, doc.export.seconds);
  if (!fitted) {
    refuse("invalid_revision", path, "the visible scenes cannot each get their minimum seconds in this length", {
      visibleScenes: doc.story.scenes.filter((s) => !s.hidden).length,
      seconds: doc.export.seconds,
    });
  }
  doc.story.scenes = fitted;
}

const setHidden =
  (hidden: boolean) =>
  (doc: CampaignDocument, op: { sceneId: string }, at: string): void => {
    const scene = sceneAt(doc, op.sceneId, `${at}/sceneId`);
    if (scene.hidden === hidden) return;
    scene.hidden = hidden;
    refit(doc, `${at}/sceneId`);
  };

export const SCENE_STEPS: Steps<
  | "set_length"
  | "hide_scene"
  | "show_scene"
  | "move_scene"
  | "swap_scenes"
  | "set_copy"
  | "set_narration"
  | "set_cover_text"
> = {
  set_length(doc, op, at) {
    doc.export.seconds = op.seconds;
    refit(doc, `${at}/seconds`);
  },
  hide_scene: setHidden(true),
  show_scene: setHidden(false),
  move_scene(doc, op, at) {
    const from = sceneIndex(doc, op.sceneId, `${at}/sceneId`);
    const scenes = doc.story.scenes;
    if (op.toIndex >= scenes.length) {
      refuse("invalid_revision", `${at}/toIndex`, "is past the last scene", {
        toIndex: op.toIndex,
        scenes: scenes.length,
      });
    }
    const [scene] = scenes.splice(from, 1);
    scenes.splice(op.toIndex, 0, scene as CampaignScene);
  },
  swap_scenes(doc, op, at) {
    const a = sceneIndex(doc, op.sceneId, `${at}/sceneId`);
    const b = sceneIndex(doc, op.withSceneId, `${at}/withSceneId`);
    const scenes = doc.story.scenes;
    [scenes[a], scenes[b]] = [scenes[b] as CampaignScene, scenes[a] as CampaignScene];
  },
  set_copy(doc, op, at) {
    const scene = sceneAt(doc, op.sceneId, `${at}/sceneId`);
    if (op.field === "headline" || op.field === "body") {
      scene[op.field] = op.text;
      return;
    }
    // A call to action keeps its address and a quote its author: without one there is nothing to write to.
    const target = scene[op.field];
    if (!target) {
      refuse("invalid_revision", `${at}/field`, `the scene has no ${op.field === "cta" ? "call to action" : "quote"}`, {
        sceneId: op.sceneId,
      });
    }
    target.text = op.text;
  },
  set_narration(doc, op, at) {
    sceneAt(doc, op.sceneId, `${at}/sceneId`).narration = op.text;
  },
  set_cover_text(doc, op) {
    doc.story.coverText = op.text;
  },
};
