import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SynthesisFailedError, type TtsEngine, type TtsVoice } from "../../../media/tts/engine.js";
import { spokenForm, spokenLanguageOf } from "../../../media/tts/spoken-form.js";
import { parseWav } from "../../../media/tts/wav.js";
import type { Storage } from "../../../storage/storage.js";

/** A scene's line as spoken: its WAV (null when it says nothing) and its length. */
export interface SpokenLine {
  text: string;
  wavPath: string | null;
  seconds: number;
}

/** What decides a line's sound: the engine, the voice and the words it reads. */
const speechKey = (engine: string, voice: TtsVoice, spoken: string) =>
  createHash("sha256")
    .update(JSON.stringify([engine, voice.engineVoice, spoken]))
    .digest("hex");
const speechFile = (hash: string) => `cache/marketing/speech/${hash.slice(0, 2)}/${hash}.wav`;

/**
 * Every visible scene's narration spoken by the revision's voice. A line said before (same engine,
 * voice and words) is taken from the cache in storage; the rest are spoken in one engine run when the
 * engine can. The engine reads each line's spoken form (numbers and symbols spelled out); captions show
 * it as written.
 */
export async function speakLines(
  engine: TtsEngine,
  voice: TtsVoice,
  lines: readonly string[],
  language: string,
  dir: string,
  storage: Storage,
): Promise<SpokenLine[]> {
  const lang = spokenLanguageOf(language);
  const spoken = lines.map((l) => (l.trim() ? spokenForm(l.trim(), lang).trim() : ""));
  const keys = spoken.map((t) => (t ? speechKey(engine.name, voice, t) : ""));
  const kept = await Promise.all(keys.map((k) => (k ? storage.get(speechFile(k)).catch(() => null) : null)));
  const fresh = [...new Set(spoken.filter((t, i) => t && !kept[i]))];
  const batch = fresh.length > 0 && engine.synthesizeMany ? await engine.synthesizeMany(fresh, voice) : null;
  const said = new Map<string, Buffer | null>();
  for (const [i, text] of fresh.entries()) {
    try {
      const speech = batch ? batch[i] : await engine.synthesize(text, voice);
      if (!speech || speech instanceof SynthesisFailedError) throw speech ?? new SynthesisFailedError("no speech");
      said.set(text, speech.buffer);
      await storage.put(speechFile(speechKey(engine.name, voice, text)), speech.buffer);
    } catch (err) {
      if (!(err instanceof SynthesisFailedError)) throw err;
      said.set(text, null);
    }
  }
  const out: SpokenLine[] = [];
  for (const [i, text] of spoken.entries()) {
    const written = (lines[i] ?? "").trim();
    const wav = text ? (kept[i] ?? said.get(text) ?? null) : null;
    const info = wav ? parseWav(wav) : null;
    if (!wav || !info) {
      out.push({ text: written, wavPath: null, seconds: 0 });
      continue;
    }
    const wavPath = join(dir, `line-${String(i + 1).padStart(2, "0")}.wav`);
    await writeFile(wavPath, wav);
    out.push({ text: written, wavPath, seconds: info.durationSeconds });
  }
  return out;
}
