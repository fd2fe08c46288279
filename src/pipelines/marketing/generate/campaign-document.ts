import { CAMPAIGN_SCHEMA_ID, type CampaignDocument, type CampaignScene } from "../campaign/document.js";
import type { GenerationInput } from "./generation-input.js";

/** How loud the music bed sits under the voice (0–1); the export ducks it further while the voice speaks. */
const MUSIC_VOLUME = 0.35;

/**
 * The revision-1 document: the planned and fitted scenes, and every setting the generation was asked
 * (or the brand gave). A source without a logo leaves the logo null and hidden (decision 0034).
 */
export function campaignDocument(input: GenerationInput, coverText: string, scenes: CampaignScene[]): CampaignDocument {
  const { style } = input;
  return {
    schema: CAMPAIGN_SCHEMA_ID,
    story: { coverText, scenes },
    style: {
      palette: style.palette,
      fonts: style.fonts,
      logo: {
        sourceId: style.logo?.sourceId ?? input.source.id,
        assetId: style.logo?.assetId ?? null,
        scale: 1,
        hidden: style.logo === null,
      },
      captions: { enabled: true, style: style.captionStyle },
    },
    sound: {
      voiceId: input.voice?.id ?? "",
      audioMode: input.audioMode,
      speed: input.speed,
      music: { mood: input.musicMood, volume: MUSIC_VOLUME },
      voiceVolume: 1,
    },
    export: { orientation: input.orientation, seconds: input.seconds, format: "mp4" },
  };
}
