import type { ErrorCode } from "../../http/error-codes.js";

/** What resolveRenderOptions may refuse a template's options with. */
export const OPTION_ERRORS: ErrorCode[] = [
  "avatar_unavailable",
  "avatar_unknown",
  "background_unknown",
  "caption_style_unknown",
  "capture_incompatible",
  "capture_unknown",
  "language_unknown",
  "length_below_minimum",
  "options_invalid",
  "orientation_unknown",
  "voice_language",
  "voice_unknown",
];
