import { SynthesisFailedError, type TtsEngine, type TtsVoice } from "../../../media/tts/engine.js";
import { spokenForm, spokenLanguageOf } from "../../../media/tts/spoken-form.js";

/**
 * How long each line takes to say with the real voice, at speed 1 (a speed divides it): lines the engine
 * cannot speak (only punctuation) take 0. Festival speaks the whole list in one run. The engine reads
 * each line's spoken form, numbers and symbols spelled out, as the export's narration will.
 */
export async function measureSpeech(
  engine: TtsEngine,
  voice: TtsVoice,
  lines: readonly string[],
  language: string,
): Promise<number[]> {
  const lang = spokenLanguageOf(language);
  const spoken = lines.map((l) => (l.trim() ? spokenForm(l.trim(), lang).trim() : ""));
  const texts = spoken.filter((t) => t.length > 0);
  const batch = engine.synthesizeMany ? await engine.synthesizeMany(texts, voice) : null;
  let next = 0;
  const out: number[] = [];
  for (const text of spoken) {
    if (!text) {
      out.push(0);
      continue;
    }
    try {
      const speech = batch ? batch[next++] : await engine.synthesize(text, voice);
      if (!speech || speech instanceof SynthesisFailedError) throw speech ?? new SynthesisFailedError("no speech");
      out.push(speech.durationSeconds);
    } catch (err) {
      if (!(err instanceof SynthesisFailedError)) throw err;
      out.push(0);
    }
  }
  return out;
}
