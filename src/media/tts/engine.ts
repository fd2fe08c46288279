/**
 * The speech-engine seam: festival (a natural English voice) and espeak-ng (every other language) run offline
 * on any machine; a cloud voice provider can implement the same interface. Engines answer WAV bytes; callers store or transcode them.
 */

/** What an engine needs of a catalogue voice. */
export interface TtsVoice {
  /** Catalogue id, e.g. `espeak-ng:en-us`. */
  id: string;
  engine: string;
  /** What the engine is asked for (`espeak-ng -v <engineVoice>`). */
  engineVoice: string;
}

export interface SynthesisOptions {
  /** Stop waiting after this long; the engine counts as unavailable. */
  timeoutMs?: number;
}

export interface Synthesis {
  /** A complete WAV file (RIFF, PCM). */
  buffer: Buffer;
  contentType: "audio/wav";
  extension: "wav";
  durationSeconds: number;
  sampleRate: number;
}

export interface TtsEngine {
  readonly name: string;
  /**
   * Speaks `text` with `voice`. Rejects with TtsUnavailableError when the engine cannot run (missing,
   * crashed, timed out, voice not installed) and SynthesisFailedError when it ran but the text gave no
   * speech.
   */
  synthesize(text: string, voice: TtsVoice, opts?: SynthesisOptions): Promise<Synthesis>;
  /**
   * Speaks several lines in one go, for engines whose start-up dominates a line (festival loads its
   * voice each run). Each entry is the line's speech or the SynthesisFailedError it gave; the whole call
   * rejects with TtsUnavailableError when the engine cannot run.
   */
  synthesizeMany?(
    texts: readonly string[],
    voice: TtsVoice,
    opts?: SynthesisOptions,
  ): Promise<(Synthesis | SynthesisFailedError)[]>;
}

/** The engine could not run: retry later (503 tts_unavailable). */
export class TtsUnavailableError extends Error {
  override readonly name = "TtsUnavailableError";
}

/** The engine ran but this text produced no usable speech (422 preview_failed). */
export class SynthesisFailedError extends Error {
  override readonly name = "SynthesisFailedError";
}
