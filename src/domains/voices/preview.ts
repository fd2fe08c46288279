import { createHash } from "node:crypto";
import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import type { DailyCap } from "../../http/rate-limit/limiter.js";
import { SynthesisFailedError, TtsUnavailableError } from "../../media/tts/engine.js";
import { parseWav } from "../../media/tts/wav.js";
import type { Actor } from "../../operations/actor.js";
import { ok } from "../../operations/define.js";
import { getStored } from "../../storage/storage.js";
import { findVoice, type Voice } from "../catalog/catalog.js";
import { type DomainServices, defineOperation } from "../services.js";
import { defaultPreviewText } from "./default-texts.js";
import { PreviewBody, PreviewResponse } from "./schemas.js";

/** How long a preview's signed URL serves the file. */
export const PREVIEW_URL_TTL_SECONDS = 3600;
const CONTENT_TYPE = "audio/wav";

export interface PreviewInput {
  voiceId: string;
  text?: string;
  language?: string;
}

/** Storage key of a preview: identical voice and text share one file. */
export const previewKey = (voiceId: string, text: string): string =>
  `previews/${createHash("sha256").update(`${voiceId}\n${text}`).digest("hex")}.wav`;

/** The caps a preview counts against: the caller's (per key, or per account for sessions), then everyone's. */
export const previewCaps = (deps: Pick<DomainServices, "config">, actor: Actor): DailyCap[] => [
  { key: `vp:${actor.credentialId}`, limit: deps.config.voicePreviewDaily.perCaller, scope: "day" },
  { key: "vp:*", limit: deps.config.voicePreviewDaily.global, scope: "global" },
];

interface StoredAudio {
  key: string;
  bytes: number;
  sha256: string;
  durationSeconds: number;
}

/**
 * Speaks a short text with a catalogue voice and answers a signed URL to the WAV file. Checks come
 * before counting (unknown voice, wrong language spend no daily allowance); an existing file for the
 * same voice and text is reused without synthesis but still counts.
 */
export async function previewVoice(
  deps: Pick<DomainServices, "config" | "catalog" | "limiter" | "storage" | "log" | "tts">,
  actor: Actor,
  input: PreviewInput,
): Promise<Static<typeof PreviewResponse>> {
  const voice = findVoice(deps.catalog, input.voiceId);
  if (!voice) throw new ApiError("voice_unknown", { field: "voiceId" });
  const language = input.language === undefined ? voice.language : spokenTag(voice, input.language);
  if (language === null) {
    throw new ApiError("voice_language", { field: "language", voiceLanguages: voice.languages });
  }
  const text = input.text ?? defaultPreviewText(language);
  const engine = deps.tts.engineFor(voice.engine);
  if (!engine) throw new ApiError("tts_unavailable", { engine: voice.engine });

  const { release } = await deps.limiter.consumeDaily(previewCaps(deps, actor), "expensive");
  let audio: StoredAudio;
  try {
    const key = previewKey(voice.id, text);
    audio = (await readStored(deps.storage, key)) ?? (await synthesizeAndStore(deps, key, text, voice));
  } catch (err) {
    await release();
    if (err instanceof TtsUnavailableError) {
      deps.log.warn({ err: err.message, voiceId: voice.id }, "voice preview: engine unavailable");
      throw new ApiError("tts_unavailable", { engine: voice.engine });
    }
    if (err instanceof SynthesisFailedError) throw new ApiError("preview_failed", { reason: "no_speech" });
    throw err;
  }
  const { url, expiresAt } = deps.storage.signedUrl(audio.key, PREVIEW_URL_TTL_SECONDS);
  return {
    voiceId: voice.id,
    language,
    text,
    audio: {
      type: "audio" as const,
      url,
      expiresAt,
      bytes: audio.bytes,
      sha256: audio.sha256,
      durationSeconds: round3(audio.durationSeconds),
      contentType: CONTENT_TYPE,
    },
  };
}

/** The voice's own spelling of `tag` (tags compare case-insensitively), or null when it does not speak it. */
function spokenTag(voice: Voice, tag: string): string | null {
  return voice.languages.find((l) => l.toLowerCase() === tag.toLowerCase()) ?? null;
}

async function synthesizeAndStore(
  deps: Pick<DomainServices, "config" | "storage" | "tts">,
  key: string,
  text: string,
  voice: Voice,
): Promise<StoredAudio> {
  const engine = deps.tts.engineFor(voice.engine);
  if (!engine) throw new TtsUnavailableError(`no engine for ${voice.engine}`);
  const result = await engine.synthesize(text, voice);
  const stored = await deps.storage.put(key, result.buffer);
  return { ...stored, durationSeconds: result.durationSeconds };
}

/** A preview already in storage; null when absent or not a whole WAV file (e.g. a write in progress). */
async function readStored(storage: DomainServices["storage"], key: string): Promise<StoredAudio | null> {
  const buffer = await getStored(storage, key);
  const info = buffer && parseWav(buffer);
  if (!buffer || !info || info.truncated || info.durationSeconds <= 0) return null;
  return {
    key,
    bytes: buffer.length,
    sha256: createHash("sha256").update(buffer).digest("hex"),
    durationSeconds: info.durationSeconds,
  };
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export const previewVoiceOperation = defineOperation({
  id: "voices.preview",
  summary: "Hear a voice",
  description:
    "Speaks a short text (1 to 200 characters; default: a sample sentence in `language`) with a voice from " +
    "GET /catalog/voices and answers a signed URL to a WAV file that serves without a credential until " +
    "`expiresAt`. `language`, when sent, must be among the voice's `languages` (voice_language). Identical " +
    "voice and text reuse the same file. Previews have daily caps (UTC days) per credential (429 " +
    "rate_limited, `details.scope: day`) and product-wide (`details.scope: global`); a reused file still " +
    "counts. 503 tts_unavailable when the speech engine cannot run; 422 preview_failed when the text gives no speech.",
  body: PreviewBody,
  responses: { 200: PreviewResponse },
  errors: ["voice_unknown", "voice_language", "preview_failed", "tts_unavailable", "storage_unavailable"],
  async handler({ actor, deps, body }) {
    return ok(await previewVoice(deps, actor, body));
  },
});
