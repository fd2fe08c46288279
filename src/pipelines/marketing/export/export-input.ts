import type { CaptionLook } from "../../../media/captions/look.js";
import type { TtsVoice } from "../../../media/tts/engine.js";
import type { CampaignDocument, CampaignOrientation, ExportFormat } from "../campaign/document.js";
import type { VersionFile } from "../generate/generation-input.js";

/**
 * A `marketing.export` job's input: everything resolved and checked by the operation that created it
 * (the revision's document, the pinned source version's files, the voice, the frame), so the job reads
 * nothing but stored files. The same input always gives the same bytes.
 */
export interface ExportInput {
  projectId: string;
  revision: number;
  /** The revision's document as it was stored. */
  document: CampaignDocument;
  /** The pinned source version: the visuals' and logo's files. */
  source: { id: string; version: number; files: VersionFile[] };
  format: ExportFormat;
  orientation: CampaignOrientation;
  /** The output frame (a GIF's is scaled down: exports/offer.ts). */
  width: number;
  height: number;
  /** The video's length: the revision's export section, or less under the free tier's cap (the story stops there). */
  seconds: number;
  /** The free tier's mark is drawn over the picture. */
  watermark: boolean;
  /** The catalogue voice of `document.sound.voiceId`; null when the audio mode speaks nothing. */
  voice: TtsVoice | null;
  /** The caption style's look (catalogue caption styles); null when captions are off or the style burns none in. */
  captions: CaptionLook | null;
  /** The primary language subtag the narration is written in. */
  language: string;
  /**
   * Walkthrough footage the scenes show (visual type footage), by render id: the render's stored video.
   * A render deleted since is absent, and the export fails with source_unreadable.
   */
  footage: Record<string, { videoKey: string }>;
}
