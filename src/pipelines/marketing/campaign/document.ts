/**
 * The revision document (`clipwright.campaign.v1`) and its operations, as the marketing design brief fixes
 * them. Fields are added, never renamed: every client reads these shapes. Where the brief names an
 * operation without its fields, decision 0032 fixes them (`swap_scenes`, `show_scene`, `set_font`, …).
 */

export const CAMPAIGN_SCHEMA_ID = "clipwright.campaign.v1" as const;

export const SCENE_KINDS = [
  "hook",
  "problem",
  "reveal",
  "feature",
  "step",
  "quote",
  "proof",
  "pricing",
  "faq",
  "call_to_action",
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export const AUDIO_MODES = ["voice_and_music", "music_only", "voice_only", "silent"] as const;
export type AudioMode = (typeof AUDIO_MODES)[number];

export const CAMPAIGN_ORIENTATIONS = ["portrait", "square", "landscape"] as const;
export type CampaignOrientation = (typeof CAMPAIGN_ORIENTATIONS)[number];

export const EXPORT_FORMATS = ["mp4", "webm", "gif"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const PALETTE_ROLES = ["background", "text", "primary", "primaryText", "accent"] as const;
export type PaletteRole = (typeof PALETTE_ROLES)[number];

export const FONT_ROLES = ["heading", "body"] as const;
export type FontRole = (typeof FONT_ROLES)[number];

/** The copy fields of a scene `set_copy` may write; `cta` and `quote` write the object's `text`. */
export const COPY_FIELDS = ["headline", "body", "cta", "quote"] as const;
export type CopyField = (typeof COPY_FIELDS)[number];

export type SceneVisual =
  | { type: "screenshot" | "image" | "logo"; assetId: string }
  | { type: "footage"; renderId: string; fromSeconds: number; toSeconds: number }
  | { type: "plate" };

export interface CampaignScene {
  /** Stable across revisions: moving a scene keeps its id. */
  id: string;
  kind: SceneKind;
  hidden: boolean;
  seconds: number;
  headline: string | null;
  body: string | null;
  cta: { text: string; url: string } | null;
  quote: { text: string; author: string } | null;
  narration: string;
  visual: SceneVisual;
}

export interface CampaignPalette {
  background: string;
  text: string;
  primary: string;
  primaryText: string;
  accent: string;
}

export interface CampaignDocument {
  schema: typeof CAMPAIGN_SCHEMA_ID;
  story: { coverText: string; scenes: CampaignScene[] };
  style: {
    palette: CampaignPalette;
    /** Catalogue font ids. */
    fonts: { heading: string; body: string };
    /** `assetId` is null when the source has no logo: the logo is then hidden and cannot be shown. */
    logo: { sourceId: string; assetId: string | null; scale: number; hidden: boolean };
    captions: { enabled: boolean; style: string };
  };
  sound: {
    voiceId: string;
    audioMode: AudioMode;
    speed: number;
    music: { mood: string; volume: number };
    voiceVolume: number;
  };
  export: { orientation: CampaignOrientation; seconds: number; format: ExportFormat };
}

export interface RevisionOrigin {
  kind: "generation" | "document" | "operations" | "edit" | "revert";
  instruction?: string;
  revertedTo?: number;
}

export interface Revision {
  projectId: string;
  number: number;
  createdAt: string;
  origin: RevisionOrigin;
  document: CampaignDocument;
}

/** The closed, published list of revision operations (what `POST …/revisions` takes and an edit produces). */
export type RevisionOperation =
  | { op: "set_length"; seconds: number }
  | { op: "set_speed"; speed: number }
  | { op: "hide_scene"; sceneId: string }
  | { op: "show_scene"; sceneId: string }
  | { op: "move_scene"; sceneId: string; toIndex: number }
  | { op: "swap_scenes"; sceneId: string; withSceneId: string }
  | { op: "set_copy"; sceneId: string; field: CopyField; text: string }
  | { op: "set_narration"; sceneId: string; text: string }
  | { op: "set_cover_text"; text: string }
  | { op: "set_palette"; role: PaletteRole; hex: string }
  | { op: "use_brand"; from: "kit" | "source" }
  | { op: "set_font"; role: FontRole; fontId: string }
  | { op: "set_logo"; scale?: number; hidden?: boolean }
  | { op: "set_captions"; enabled?: boolean; style?: string }
  | { op: "set_orientation"; orientation: CampaignOrientation }
  | { op: "set_voice"; voiceId: string }
  | { op: "set_audio_mode"; audioMode: AudioMode }
  | { op: "set_music"; mood?: string; volume?: number }
  | { op: "revert"; toRevision: number };
