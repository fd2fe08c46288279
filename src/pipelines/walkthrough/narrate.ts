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
 * Synthesizes every line first (the narration's length sets the beat's length): in one engine run
 * when the engine can (synthesizeMany), else one run at a time, so the browser capturing alongside
 * keeps the other core. A line that gives no speech
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
  const speakable = lines.map((l) => (l.written.trim() && l.spoken.trim() ? l.spoken.trim() : null));
  // Engines that start slowly (festival loads its voice each run) speak the whole list in one run.
  const batch = engine.synthesizeMany
    ? await engine.synthesizeMany(
        speakable.filter((t): t is string => t !== null),
        voice,
      )
    : null;
  let next = 0;
  for (const [i, line] of lines.entries()) {
    await checkpoint();
    const text = line.written.trim();
    const spoken = speakable[i];
    if (!spoken) {
      out.push({ beatId: line.beatId, text, wavPath: null, durationSeconds: 0 });
      continue;
    }
    try {
      const speech = batch ? batch[next++] : await engine.synthesize(spoken, voice);
      if (!speech || speech instanceof SynthesisFailedError) throw speech ?? new SynthesisFailedError("no speech");
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
