import type { TtsEngine } from "./engine.js";
import { EspeakEngine } from "./espeak.js";
import { FestivalEngine } from "./festival.js";

/** The speech engines of this process, by a catalogue voice's `engine` name. */
export interface TtsEngines {
  /** The engine that speaks `engine`'s voices; null when none is configured. */
  engineFor(engine: string): TtsEngine | null;
}

/**
 * The engines built from configuration: espeak-ng (every language, offline) and festival (the natural
 * English voice), each at its configured program. An engine that is not installed reports itself
 * unavailable when asked to speak; the catalogue lists only voices of installed engines.
 */
export function installedEngines(settings: { espeakBinary: string; text2waveBinary: string }): TtsEngines {
  const engines: Record<string, TtsEngine> = {
    "espeak-ng": new EspeakEngine(settings.espeakBinary),
    festival: new FestivalEngine(settings.text2waveBinary),
  };
  return { engineFor: (engine) => (Object.hasOwn(engines, engine) ? (engines[engine] ?? null) : null) };
}
