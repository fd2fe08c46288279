import type { TtsVoice } from "../../../media/tts/engine.js";

/**
 * How long a document's narration takes to say with its real voice: what a revision and an edit check the
 * narration's fit with (`campaign_speed_breaks_narration_fit`). The composition root builds it on the
 * process's speech engines.
 */
export interface SpeechFit {
  /**
   * Seconds each line takes `voice` to say at speed 1 (a speed divides them, as the export's atempo does),
   * 0 for a line with nothing to say; `language` is the one its numbers and symbols are spelled out in.
   * Null when the voice's engine is not installed or cannot run: the caller estimates instead.
   */
  spokenSeconds(voice: TtsVoice, language: string, lines: readonly string[]): Promise<number[] | null>;
}
