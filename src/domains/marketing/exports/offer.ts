import { ApiError } from "../../../contract/errors.js";
import {
  CAMPAIGN_ORIENTATIONS,
  type CampaignDocument,
  type CampaignOrientation,
  EXPORT_FORMATS,
  type ExportFormat,
} from "../../../pipelines/marketing/campaign/document.js";
import type { MarketingTemplate } from "../../catalog/catalog.js";

/** The frame of each orientation: the sizes every scene layout is drawn for. */
const FRAMES: Record<CampaignOrientation, { width: number; height: number }> = {
  portrait: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
  landscape: { width: 1920, height: 1080 },
};

/** A GIF is a short loop: its longest side and its length are capped (decision 0034). */
export const GIF_MAX_SECONDS = 15;
export const GIF_MAX_SIDE = 480;

/** What one export of a revision would be: its format, orientation, length and frame. */
export interface ExportShape {
  format: ExportFormat;
  orientation: CampaignOrientation;
  seconds: number;
  width: number;
  height: number;
}

/**
 * The export a request names, checked against what the project's template offers: the format (400
 * unsupported_format for one that is not mp4, webm or gif), the orientation (400 unsupported_export for
 * one the template is not laid out for, or unknown), and a GIF longer than GIF_MAX_SECONDS (400
 * unsupported_export: a GIF is a loop, not a video). Omitted fields take the revision's export section.
 */
export function exportShape(
  document: CampaignDocument,
  template: Pick<MarketingTemplate, "orientations">,
  request: { format?: string; orientation?: string },
): ExportShape {
  const format = request.format ?? document.export.format;
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new ApiError("unsupported_format", { format, formats: EXPORT_FORMATS });
  const orientation = request.orientation ?? document.export.orientation;
  if (
    !(CAMPAIGN_ORIENTATIONS as readonly string[]).includes(orientation) ||
    !template.orientations.includes(orientation as CampaignOrientation)
  )
    throw new ApiError("unsupported_export", { reason: "orientation", orientation, offered: template.orientations });
  const seconds = document.export.seconds;
  if (format === "gif" && seconds > GIF_MAX_SECONDS)
    throw new ApiError("unsupported_export", { reason: "gif_too_long", seconds, maxSeconds: GIF_MAX_SECONDS });
  const frame = FRAMES[orientation as CampaignOrientation];
  const scale = format === "gif" ? Math.min(1, GIF_MAX_SIDE / Math.max(frame.width, frame.height)) : 1;
  // Even sides: every encoder's chroma subsampling needs them.
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return {
    format: format as ExportFormat,
    orientation: orientation as CampaignOrientation,
    seconds,
    width: even(frame.width),
    height: even(frame.height),
  };
}
