import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SynthesisFailedError, type TtsEngine, type TtsVoice } from "../../../media/tts/engine.js";
import { spokenForm, spokenLanguageOf } from "../../../media/tts/spoken-form.js";

/** A scene's line as spoken: its WAV (null when it says nothing) and its length. */
export interface SpokenLine {
  text: string;
  wavPath: string | null;
  seconds: number;
}

/**
 * Every visible scene's narration spoken by the revision's voice, in one engine run when the engine can.
 * The engine reads each line's spoken form (numbers and symbols spelled out); captions show it as written.
 */
export async function speakLines(
  engine: TtsEngine,
  voice: TtsVoice,
  lines: readonly string[],
  language: string,
  dir: string,
): Promise<SpokenLine[]> {
  const lang = spokenLanguageOf(language);
  const spoken = lines.map((l) => (l.trim() ? spokenForm(l.trim(), lang).trim() : ""));
  const texts = spoken.filter((t) => t.length > 0);
  const batch = engine.synthesizeMany ? await engine.synthesizeMany(texts, voice) : null;
  let next = 0;
  const out: SpokenLine[] = [];
  for (const [i, text] of spoken.entries()) {
    const written = (lines[i] ?? "").trim();
    if (!text) {
      out.push({ text: written, wavPath: null, seconds: 0 });
      continue;
    }
    try {
      const speech = batch ? batch[next++] : await engine.synthesize(text, voice);
      if (!speech || speech instanceof SynthesisFailedError) throw speech ?? new SynthesisFailedError("no speech");
      const wavPath = join(dir, `line-${String(i + 1).padStart(2, "0")}.wav`);
      await writeFile(wavPath, speech.buffer);
      out.push({ text: written, wavPath, seconds: speech.durationSeconds });
    } catch (err) {
      if (!(err instanceof SynthesisFailedError)) throw err;
      out.push({ text: written, wavPath: null, seconds: 0 });
    }
  }
  return out;
}
