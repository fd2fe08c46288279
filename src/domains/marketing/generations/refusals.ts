import type { ErrorCode } from "../../../contract/error-codes.js";

/** What creating a generation and its preflight may refuse, in the order they are checked (resolve.ts). */
export const REQUEST_REFUSALS: ErrorCode[] = [
  "unknown_template",
  "unsupported_duration",
  "orientation_unknown",
  "unsupported_audio_mode",
  "campaign_speed_not_offered",
  "source_not_found",
  "source_deleted",
  "source_not_ready",
  "source_version_not_found",
  "source_expired",
  "source_version_expired",
  "source_unreadable",
  "website_demo_invalid",
  "voice_unknown",
  "voice_language",
];

/** Creating also refuses what preflight lists as missing, and counts the day's allowance. */
export const GENERATION_REFUSALS: ErrorCode[] = [
  ...REQUEST_REFUSALS,
  "brand_kit_required",
  "missing_required_footage",
  "campaign_visuals_insufficient",
  "generation_idempotency_conflict",
  "budget_exhausted",
  "queue_unavailable",
  "wallet_unavailable",
];
