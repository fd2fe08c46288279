import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../../contract/errors.js";
import {
  AUDIO_MODES,
  type AudioMode,
  CAMPAIGN_ORIENTATIONS,
  type CampaignOrientation,
} from "../../../pipelines/marketing/campaign/document.js";
import type { Catalog, MarketingTemplate } from "../../catalog/catalog.js";
import type { GenerationRequestBody } from "./schemas.js";

export type GenerationRequest = Static<typeof GenerationRequestBody>;

/** The template and the request's settings, each checked against what the template offers. */
export interface GenerationOptions {
  template: MarketingTemplate;
  seconds: number;
  orientation: CampaignOrientation;
  audioMode: AudioMode;
  speed: number;
}

/**
 * The template and what it offers, in the order a client fixes them: the template first (nothing else
 * can be checked without it), then length, orientation, audio mode and speed. An omitted field takes
 * the template's default (speed 1, voice and music).
 */
export function resolveOptions(
  catalog: Pick<Catalog, "marketingTemplates">,
  body: GenerationRequest,
): GenerationOptions {
  const template = catalog.marketingTemplates.find((t) => t.id === body.templateId);
  if (!template)
    throw new ApiError("unknown_template", {
      templateId: body.templateId,
      known: catalog.marketingTemplates.map((t) => t.id),
    });
  const seconds = body.seconds ?? template.defaultSeconds;
  if (!template.durations.includes(seconds))
    throw new ApiError("unsupported_duration", { seconds, offered: template.durations });
  const orientation = body.orientation ?? template.orientation;
  if (
    !(CAMPAIGN_ORIENTATIONS as readonly string[]).includes(orientation) ||
    !template.orientations.includes(orientation as never)
  )
    throw new ApiError("orientation_unknown", { orientation, offered: template.orientations });
  const audioMode = body.audioMode ?? "voice_and_music";
  if (!(AUDIO_MODES as readonly string[]).includes(audioMode))
    throw new ApiError("unsupported_audio_mode", { audioMode, offered: AUDIO_MODES });
  const speed = body.speed ?? 1;
  if (!template.speeds.includes(speed))
    throw new ApiError("campaign_speed_not_offered", { speed, offered: template.speeds });
  return {
    template,
    seconds,
    orientation: orientation as CampaignOrientation,
    audioMode: audioMode as AudioMode,
    speed,
  };
}
