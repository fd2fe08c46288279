import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SynthesisFailedError, type TtsEngine, type TtsVoice } from "../../media/tts/engine.js";
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
 * Synthesizes every line first (the narration's length sets the beat's length), one engine
 * run at a time so the browser capturing alongside keeps the other core. A line that gives no speech
 * (only punctuation, say) leaves its beat silent instead of failing the render; an engine that cannot
 * run at all rejects with TtsUnavailableError.
 */
export async function narrate(
  engine: TtsEngine,
  voice: TtsVoice,
  lines: readonly ({ beatId: string } & NarrationLine)[],
  dir: string,
  checkpoint: () => Promise<void>,
): Promise<Narration[]> {
  const out: Narration[] = [];
  for (const [i, line] of lines.entries()) {
    await checkpoint();
    const text = line.written.trim();
    const spoken = line.spoken.trim();
    if (!text || !spoken) {
      out.push({ beatId: line.beatId, text, wavPath: null, durationSeconds: 0 });
      continue;
    }
    try {
      const speech = await engine.synthesize(spoken, voice);
      const wavPath = join(dir, `narration-${String(i + 1).padStart(2, "0")}.wav`);
      await writeFile(wavPath, speech.buffer);
      out.push({ beatId: line.beatId, text, wavPath, durationSeconds: speech.durationSeconds });
    } catch (err) {
      if (!(err instanceof SynthesisFailedError)) throw err;
      out.push({ beatId: line.beatId, text, wavPath: null, durationSeconds: 0 });
    }
  }
  return out;
}
