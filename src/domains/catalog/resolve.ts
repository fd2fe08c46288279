import type { ErrorCode } from "../../contract/error-codes.js";
import { ApiError } from "../../contract/errors.js";
import { type Catalog, findLanguage, findVoice, type Voice, voiceSpeaks } from "./catalog.js";
import type {
  AvatarOption,
  BackgroundOption,
  CaptionStyleOption,
  CaptureOption,
  OrientationOption,
} from "./schemas.js";

/** Every refusal resolveRenderOptions can make: the error list of each operation that resolves options. */
export const RENDER_OPTION_ERRORS: ErrorCode[] = [
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

/** Shortest walkthrough the spec allows (length_below_minimum). */
export const WALKTHROUGH_MIN_SECONDS = 30;

/**
 * Render option fields as a request (or a saved template merged under it) names them: the option
 * fields of POST /renders/quote, plus `avatar`, which templates and render requests may carry.
 * Absent and null both mean "use the default".
 */
export interface RenderOptionsInput {
  avatar?: string | null;
  background?: string | null;
  captionStyle?: string | null;
  capture?: string | null;
  language?: string | null;
  orientation?: string | null;
  voiceId?: string | null;
  templateId?: string | null;
  targetSeconds?: number | null;
  maxSeconds?: number | null;
}

export interface ResolvedRenderOptions {
  avatar: AvatarOption;
  background: BackgroundOption;
  captionStyle: CaptionStyleOption;
  capture: CaptureOption;
  orientation: OrientationOption;
  /** Catalogue spelling of the tag; null only when no voice engine is installed. */
  language: string | null;
  voice: Voice | null;
  templateId: string | null;
  /** Fixed length, or null for Auto. */
  targetSeconds: number | null;
  /** Ceiling of an Auto render, or null. */
  maxSeconds: number | null;
}

export interface ResolveContext {
  /** Saved templates live elsewhere; without this check `templateId` is passed through unchecked. */
  templateExists?: (id: string) => boolean;
}

/** The entry named by `value`, the default when absent, or the refusal `code` naming the field. */
function pick<T extends { id: string; isDefault: boolean }>(
  entries: readonly T[],
  value: string | null | undefined,
  field: string,
  code: ErrorCode,
): T {
  const found = value == null ? entries.find((e) => e.isDefault) : entries.find((e) => e.id === value);
  if (!found) throw new ApiError(code, { field, allowed: entries.map((e) => e.id) });
  return found;
}

function checkLength(field: "targetSeconds" | "maxSeconds", value: number | null | undefined): number | null {
  if (value == null) return null;
  if (value < WALKTHROUGH_MIN_SECONDS) {
    throw new ApiError("length_below_minimum", { field, minimum: WALKTHROUGH_MIN_SECONDS });
  }
  return value;
}

/**
 * Validates render options against the catalogue and fills in defaults. Each field is checked on its
 * own first (unknown ids, lengths), then the combinations (presenter switched off, phone capture in
 * landscape, voice and language, fixed length and Auto ceiling together). Pure: throws ApiError.
 */
export function resolveRenderOptions(
  catalog: Catalog,
  input: RenderOptionsInput,
  ctx: ResolveContext = {},
): ResolvedRenderOptions {
  const ro = catalog.renderOptions;
  const orientation = pick(ro.orientations, input.orientation, "orientation", "orientation_unknown");
  const capture = pick(ro.captures, input.capture, "capture", "capture_unknown");
  const background = pick(ro.backgrounds, input.background, "background", "background_unknown");
  const captionStyle = pick(ro.captionStyles, input.captionStyle, "captionStyle", "caption_style_unknown");
  const avatar = pick(ro.avatars, input.avatar, "avatar", "avatar_unknown");

  const language = input.language == null ? undefined : findLanguage(catalog, input.language);
  if (input.language != null && !language) throw new ApiError("language_unknown", { field: "language" });
  const namedVoice = input.voiceId == null ? undefined : findVoice(catalog, input.voiceId);
  if (input.voiceId != null && !namedVoice) throw new ApiError("voice_unknown", { field: "voiceId" });

  const templateId = input.templateId ?? null;
  if (templateId !== null && ctx.templateExists && !ctx.templateExists(templateId)) {
    throw new ApiError("template_unknown", { field: "templateId" });
  }
  const targetSeconds = checkLength("targetSeconds", input.targetSeconds);
  const maxSeconds = checkLength("maxSeconds", input.maxSeconds);

  if (!avatar.available) throw new ApiError("avatar_unavailable", { field: "avatar", avatar: avatar.id });
  if (!capture.orientations.includes(orientation.id)) {
    throw new ApiError("capture_incompatible", {
      capture: capture.id,
      orientation: orientation.id,
      compatibleOrientations: capture.orientations,
    });
  }
  if (namedVoice && language && !voiceSpeaks(namedVoice, language.id)) {
    throw new ApiError("voice_language", {
      voiceId: namedVoice.id,
      language: language.id,
      voiceLanguages: namedVoice.languages,
    });
  }
  // A fixed length and an Auto ceiling are two different modes; asking for both resolves to neither.
  if (targetSeconds !== null && maxSeconds !== null) {
    throw new ApiError("options_invalid", {
      reason: "target_and_max_seconds",
      fields: ["targetSeconds", "maxSeconds"],
    });
  }

  // A named voice sets the language; a named language picks its best voice; neither takes the defaults.
  const voice =
    namedVoice ??
    (language ? findVoice(catalog, language.defaultVoiceId) : undefined) ??
    (catalog.defaults.voiceId ? findVoice(catalog, catalog.defaults.voiceId) : undefined) ??
    null;
  const languageTag = language?.id ?? voice?.language ?? null;

  return {
    avatar,
    background,
    captionStyle,
    capture,
    orientation,
    language: languageTag,
    voice,
    templateId,
    targetSeconds,
    maxSeconds,
  };
}
