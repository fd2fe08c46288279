import type { ErrorCode } from "../../contract/error-codes.js";
import { RENDER_OPTION_ERRORS } from "../catalog/resolve.js";

/**
 * The refusals of POST /storyboards/{id}/renders exactly as the spec lists them (the cross-cutting ones
 * the pipeline adds from the registry row are left out). POST /renders answers the same set: it takes a
 * url and hint where the other takes a storyboard.
 */
export const CREATE_RENDER_ERRORS: ErrorCode[] = [
  ...RENDER_OPTION_ERRORS,
  "body_invalid",
  "credentials_required",
  "hint_required",
  "hint_too_long",
  "login_origins_invalid",
  "login_url_invalid",
  "login_url_required",
  "no_beats",
  "site_not_allowed",
  "storyboard_empty",
  "template_unknown",
  "unknown_beat",
  "url_invalid",
  "url_malformed",
  "url_private",
  "insufficient_seconds",
  "conflict",
  "too_many_in_flight",
  "storyboard_expired",
  "queue_unavailable",
  "vault_unavailable",
  "wallet_unavailable",
];
