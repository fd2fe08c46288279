import type { TtsEngine, TtsVoice } from "../../media/tts/engine.js";
import { type SpokenLine, speakLines } from "../../media/tts/speak-lines.js";
import type { NarrationLine } from "./narration-text.js";

/**
 * A beat's line as a WAV file; `wavPath` null when the line gave no speech (the beat is silent). `text`
 * is the written form (what the captions show), the engine having read its spoken form.
 */
export interface Narration {
  beatId: string;
  text: string;
  wavPath: string | null;
  durationSeconds: number;
}

/**
 * Synthesizes every line first (the narration's length sets the beat's length), by speakLines: in one
 * engine run when the engine can, else one run at a time, so the browser capturing alongside keeps the
 * other core. A line that gives no speech (only punctuation, say) leaves its beat silent instead of
 * failing the render; an engine that cannot run at all rejects with TtsUnavailableError.
 */
export async function narrate(
  engine: TtsEngine,
  voice: TtsVoice,
  lines: readonly ({ beatId: string } & NarrationLine)[],
  dir: string,
  checkpoint: () => Promise<void>,
): Promise<Narration[]> {
  const texts = lines.map((l) => (l.written.trim() && l.spoken.trim() ? l.spoken : ""));
  const spoken = await speakLines(engine, voice, texts, {
    dir,
    checkpoint,
    fileName: (i) => `narration-${String(i + 1).padStart(2, "0")}.wav`,
  });
  return lines.map((line, i) => ({ beatId: line.beatId, text: line.written.trim(), ...(spoken[i] as SpokenLine) }));
}
