import type { TtsEngine } from "./engine.js";
import { EspeakEngine } from "./espeak.js";

/** The speech engines of this process, by a catalogue voice's `engine` name. */
export interface TtsEngines {
  /** The engine that speaks `engine`'s voices; null when none is configured. */
  engineFor(engine: string): TtsEngine | null;
}

/** The engines built from configuration: espeak-ng (the offline default) at its configured binary. */
export function installedEngines(settings: { espeakBinary: string }): TtsEngines {
  const espeak = new EspeakEngine(settings.espeakBinary);
  return { engineFor: (engine) => (engine === "espeak-ng" ? espeak : null) };
}
