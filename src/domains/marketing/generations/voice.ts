import { ApiError } from "../../../contract/errors.js";
import type { TtsVoice } from "../../../media/tts/engine.js";
import { type Catalog, findLanguage, findVoice, voicesFor } from "../../catalog/catalog.js";

/** The primary subtag, lower case: a source read as `en-GB` is narrated by any English voice. */
export const primaryLanguage = (tag: string | null | undefined): string =>
  (tag ?? "en").split(/[-_]/)[0]?.toLowerCase() || "en";

const speaks = (catalog: Catalog, voiceId: string, language: string): boolean =>
  voicesFor(catalog, language).some((v) => v.id === voiceId);

/**
 * The narrating voice: the request's (400 voice_unknown if the catalogue lacks it, 400 voice_language if
 * it does not speak the source's language), else the brand kit's when it speaks it, else the catalogue's
 * best voice for the language. Null when no installed voice speaks it: the caller reports that as missing.
 */
export function resolveVoice(
  catalog: Catalog,
  requested: string | undefined,
  kitVoice: string | null,
  language: string,
): string | null {
  if (requested !== undefined) {
    if (!findVoice(catalog, requested)) throw new ApiError("voice_unknown", { voiceId: requested });
    if (!speaks(catalog, requested, language)) throw new ApiError("voice_language", { voiceId: requested, language });
    return requested;
  }
  if (kitVoice && speaks(catalog, kitVoice, language)) return kitVoice;
  return findLanguage(catalog, language)?.defaultVoiceId ?? null;
}

/** What the job's speech engine is asked for: the catalogue voice's engine and its own name for it. */
export function voiceOf(catalog: Catalog, voiceId: string | null): TtsVoice | null {
  const voice = voiceId ? findVoice(catalog, voiceId) : undefined;
  return voice ? { id: voice.id, engine: voice.engine, engineVoice: voice.engineVoice } : null;
}
