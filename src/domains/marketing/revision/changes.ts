import type {
  CampaignDocument,
  CampaignScene,
  CopyField,
  PaletteRole,
  RevisionOperation,
} from "../../../pipelines/marketing/campaign/document.js";
import type { EditCatalogue } from "../edits/context.js";
import { shortenedNarration } from "./narration-refit.js";
import { sceneName } from "./scene-names.js";

/**
 * The edit answer's `changes`: one plain sentence per revision operation ("Length set to 15 s", "Scene
 * 'Pricing' hidden"), naming scenes as the user sees them in the document the edit started from. It
 * describes operations, however they were asked for, so it lives with them.
 */

const FIELDS: Record<CopyField, string> = { headline: "Headline", body: "Text", cta: "Call to action", quote: "Quote" };
const ROLES: Record<PaletteRole, string> = {
  background: "Background",
  text: "Text",
  primary: "Primary",
  primaryText: "Primary text",
  accent: "Accent",
};
const AUDIO: Record<string, string> = {
  voice_and_music: "voice and music",
  music_only: "music only",
  voice_only: "voice only",
  silent: "silent",
};

export function describeOperation(op: RevisionOperation, doc: CampaignDocument, catalogue: EditCatalogue): string {
  const scene = (id: string): string => {
    const s = doc.story.scenes.find((x) => x.id === id);
    return s ? `'${sceneName(doc, s)}'` : `'${id}'`;
  };
  const percent = (n: number): string => `${Math.round(n * 100)} %`;
  switch (op.op) {
    case "set_length":
      return `Length set to ${op.seconds} s`;
    case "set_speed":
      return `Speed set to ${op.speed}×`;
    case "hide_scene":
      return `Scene ${scene(op.sceneId)} hidden`;
    case "show_scene":
      return `Scene ${scene(op.sceneId)} shown`;
    case "move_scene":
      return `Scene ${scene(op.sceneId)} moved to position ${op.toIndex + 1}`;
    case "swap_scenes":
      return `Scenes ${scene(op.sceneId)} and ${scene(op.withSceneId)} swapped`;
    case "set_copy":
      return `${FIELDS[op.field]} of scene ${scene(op.sceneId)} set to '${op.text}'`;
    case "set_narration":
      return `Narration of scene ${scene(op.sceneId)} set to '${op.text}'`;
    case "set_cover_text":
      return `Cover text set to '${op.text}'`;
    case "set_palette":
      return `${ROLES[op.role]} colour set to ${op.hex}`;
    case "use_brand":
      return op.from === "kit" ? "Brand taken from the brand kit" : "Brand taken from the website";
    case "set_font": {
      const family = catalogue.fonts.find((f) => f.id === op.fontId)?.family ?? op.fontId;
      return `${op.role === "heading" ? "Heading" : "Body"} font set to ${family}`;
    }
    case "set_logo":
      return op.hidden === true
        ? "Logo hidden"
        : op.hidden === false
          ? "Logo shown"
          : `Logo scaled to ${percent(op.scale ?? 1)}`;
    case "set_captions": {
      if (op.enabled === false) return "Captions turned off";
      const style = catalogue.captionStyles.find((s) => s.id === op.style)?.name;
      return style ? `Captions on, style '${style}'` : "Captions turned on";
    }
    case "set_orientation":
      return `Orientation set to ${op.orientation}`;
    case "set_voice":
      return `Voice set to ${catalogue.voices.find((v) => v.id === op.voiceId)?.name ?? op.voiceId}`;
    case "set_audio_mode":
      return `Audio set to ${AUDIO[op.audioMode]}`;
    case "set_music":
      return op.mood !== undefined ? `Music mood set to ${op.mood}` : `Music volume set to ${percent(op.volume ?? 0)}`;
    case "revert":
      return `Reverted to revision ${op.toRevision}`;
  }
}

/**
 * One sentence per operation, scenes named as the user saw them. When laying the scenes out again cut
 * narration the user did not write (narration-refit.ts), the last operation that did it says so: an edit
 * never changes more than its changes tell.
 */
export function describeChanges(
  operations: readonly RevisionOperation[],
  before: CampaignDocument,
  after: CampaignDocument,
  catalogue: EditCatalogue,
): string[] {
  const sentences = operations.map((op) => describeOperation(op, before, catalogue));
  const cut = shortenedNarration(before, after, operations);
  const last = operations.findLastIndex((op) => ["set_length", "hide_scene", "show_scene"].includes(op.op));
  if (cut.length > 0 && last >= 0) {
    const names = cut.map((id) => {
      const scene = after.story.scenes.find((s) => s.id === id) as CampaignScene;
      return `'${sceneName(after, scene)}'`;
    });
    sentences[last] += `; the narration of ${names.join(", ")} shortened to fit`;
  }
  return sentences;
}
