import type { TtsVoice } from "../../../media/tts/engine.js";
import type { AudioMode, CampaignOrientation, CampaignPalette, SceneKind } from "../campaign/document.js";

/** A stored file of a source version (the `source` manifest or an asset), as its job's result lists it. */
export interface VersionFile {
  type: string;
  key: string;
  bytes: number;
  sha256: string;
}

/** What a template offers, as the generation was asked it (the catalogue may change; the job keeps this). */
export interface TemplateOffer {
  id: string;
  scenes: SceneKind[];
  durations: number[];
  speeds: number[];
  orientations: CampaignOrientation[];
  demoFootage: "none" | "optional" | "required";
}

/**
 * A `marketing.generation` job's input: every choice already checked and resolved by the operation that
 * created it, so the job reads nothing but its source version's files.
 */
export interface GenerationInput {
  source: { id: string; version: number; kind: "url" | "render"; files: VersionFile[] };
  template: TemplateOffer;
  seconds: number;
  orientation: CampaignOrientation;
  audioMode: AudioMode;
  speed: number;
  /** The catalogue voice that narrates (and measures) the lines; null when none speaks the language. */
  voice: TtsVoice | null;
  /** The primary language subtag the narration is written in. */
  language: string;
  style: {
    palette: CampaignPalette;
    fonts: { heading: string; body: string };
    /** An asset of the source version; null when it has none (the document's logo is then hidden). */
    logo: { sourceId: string; assetId: string } | null;
    captionStyle: string;
  };
  musicMood: string;
  /** The brand kit's call to action, used when the site has none of its own. */
  callToAction: { text: string; url: string } | null;
  focus: string | null;
  demo: { renderId: string; fromSeconds: number; toSeconds: number; videoKey: string; posterKey: string | null } | null;
}
