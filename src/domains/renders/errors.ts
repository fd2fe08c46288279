import type { ErrorCode } from "../../http/error-codes.js";

/**
 * The refusals of POST /storyboards/{id}/renders exactly as the spec lists them (the cross-cutting ones
 * the pipeline adds from the registry row are left out). POST /renders answers the same set: it takes a
 * url and hint where the other takes a storyboard.
 */
export const CREATE_RENDER_ERRORS: ErrorCode[] = [
  "avatar_unavailable",
  "avatar_unknown",
  "background_unknown",
  "body_invalid",
  "caption_style_unknown",
  "capture_incompatible",
  "capture_unknown",
  "credentials_required",
  "hint_required",
  "hint_too_long",
  "language_unknown",
  "length_below_minimum",
  "login_origins_invalid",
  "login_url_invalid",
  "login_url_required",
  "no_beats",
  "options_invalid",
  "orientation_unknown",
  "site_not_allowed",
  "storyboard_empty",
  "template_unknown",
  "unknown_beat",
  "url_invalid",
  "url_malformed",
  "url_private",
  "voice_language",
  "voice_unknown",
  "insufficient_seconds",
  "conflict",
  "too_many_in_flight",
  "storyboard_expired",
  "queue_unavailable",
  "vault_unavailable",
  "wallet_unavailable",
];
