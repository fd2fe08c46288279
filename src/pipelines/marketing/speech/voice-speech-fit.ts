import { TtsUnavailableError, type TtsVoice } from "../../../media/tts/engine.js";
import type { TtsEngines } from "../../../media/tts/engines.js";
import { spokenForm, spokenLanguageOf } from "../../../media/tts/spoken-form.js";
import { spokenLineKey } from "../../../media/tts/spoken-line-key.js";
import type { SpeechFit } from "../campaign/speech-fit.js";
import { measureSpeech } from "../generate/measure-speech.js";

/** Lines remembered: a number each, so many thousands cost little. */
const REMEMBERED = 8000;

/**
 * The narration's fit measured with the real voice, as the generator measures it (measure-speech.ts: the
 * engine reads each line's spoken form, festival the whole list in one run). A line's length at speed 1 is
 * remembered by the key the export caches its WAV under (spokenLineKey at speed 1), least recently used
 * out first, so an edit of the speed, the music or the copy speaks nothing and one of the narration only
 * the lines it changed. A line being measured is remembered as its pending measure: checks of the same
 * document at once (writers racing for the next revision) share one engine run.
 */
export class VoiceSpeechFit implements SpeechFit {
  private readonly measured = new Map<string, Promise<number>>();

  constructor(
    private readonly engines: TtsEngines,
    private readonly remembered = REMEMBERED,
  ) {}

  async spokenSeconds(voice: TtsVoice, language: string, lines: readonly string[]): Promise<number[] | null> {
    const engine = this.engines.engineFor(voice.engine);
    if (!engine) return null;
    const lang = spokenLanguageOf(language);
    const keys = lines.map((line) => {
      const text = line.trim() ? spokenForm(line.trim(), lang).trim() : "";
      return text ? spokenLineKey({ engine: engine.name, voice: voice.engineVoice, text, speed: 1 }) : "";
    });
    const said = new Map<string, Promise<number>>();
    /** Lines no check has measured: their key and the first line that says it. */
    const fresh = new Map<string, number>();
    keys.forEach((k, i) => {
      if (!k || said.has(k) || fresh.has(k)) return;
      const known = this.recall(k);
      if (known) said.set(k, known);
      else fresh.set(k, i);
    });
    if (fresh.size > 0) {
      const run = measureSpeech(
        engine,
        voice,
        [...fresh.values()].map((i) => lines[i] as string),
        language,
      );
      [...fresh.keys()].forEach((k, j) => {
        const seconds = run.then((all) => all[j] ?? 0);
        said.set(k, seconds);
        this.remember(k, seconds);
      });
    }
    try {
      return await Promise.all(keys.map((k) => (k ? (said.get(k) as Promise<number>) : 0)));
    } catch (err) {
      if (err instanceof TtsUnavailableError) return null;
      throw err;
    }
  }

  private recall(key: string): Promise<number> | undefined {
    const seconds = this.measured.get(key);
    if (!seconds) return undefined;
    // Most recently used last: a Map keeps insertion order.
    this.measured.delete(key);
    this.measured.set(key, seconds);
    return seconds;
  }

  private remember(key: string, seconds: Promise<number>): void {
    if (this.measured.size >= this.remembered) this.measured.delete(this.measured.keys().next().value as string);
    this.measured.set(key, seconds);
    // A measure that failed is forgotten: the next check asks the engine again.
    seconds.catch(() => {
      if (this.measured.get(key) === seconds) this.measured.delete(key);
    });
  }
}
