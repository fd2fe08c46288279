import type { Config } from "../../config.js";
import type { TtsEngine } from "../../media/tts/engine.js";
import { EspeakEngine } from "../../media/tts/espeak.js";

const engines = new Map<string, TtsEngine>();

/** The engine for a catalogue voice's `engine`, built from configuration (one per binary); null when none serves it. */
export function engineFor(config: Pick<Config, "espeakBinary">, engine: string): TtsEngine | null {
  if (engine !== "espeak-ng") return null;
  let e = engines.get(config.espeakBinary);
  if (!e) {
    e = new EspeakEngine(config.espeakBinary);
    engines.set(config.espeakBinary, e);
  }
  return e;
}
