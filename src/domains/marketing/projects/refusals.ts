import type { ErrorCode } from "../../../contract/error-codes.js";

/** What making a revision may refuse (the checks are decision 0033's; the copy's fit is measured last). */
export const REVISION_REFUSALS: ErrorCode[] = [
  "project_not_found",
  "expected_revision_required",
  "revision_conflict",
  "no_revision",
  "invalid_revision",
  "revision_configuration_mismatch",
  "unsupported_duration",
  "campaign_speed_not_offered",
  "campaign_speed_breaks_narration_fit",
  "campaign_speed_breaks_music_ending",
  "campaign_unsupported_claim",
  "invalid_campaign_narration",
  "invalid_cover_text",
  "campaign_logo_aspect_unsupported",
  "campaign_copy_overflow",
  "brand_kit_required",
  "voice_unknown",
  "voice_language",
  "caption_style_unknown",
  "settings_invalid",
  "source_deleted",
  "source_expired",
  "source_version_expired",
];
