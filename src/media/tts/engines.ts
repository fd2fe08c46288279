import type { TtsEngine } from "./engine.js";
import { EspeakEngine } from "./espeak.js";
import { FestivalEngine } from "./festival.js";
import { observedEngine, type SpeechObserver } from "./observed.js";

/** The speech engines of this process, by a catalogue voice's `engine` name. */
export interface TtsEngines {
  /** The engine that speaks `engine`'s voices; null when none is configured. */
  engineFor(engine: string): TtsEngine | null;
}

/**
 * The engines built from configuration: espeak-ng (every language, offline) and festival (the natural
 * English voice), each at its configured program. An engine that is not installed reports itself
 * unavailable when asked to speak; the catalogue lists only voices of installed engines. With an
 * observer, every run of either is reported to it (the service's metrics).
 */
export function installedEngines(
  settings: { espeakBinary: string; text2waveBinary: string },
  observer?: SpeechObserver,
): TtsEngines {
  const built: TtsEngine[] = [new EspeakEngine(settings.espeakBinary), new FestivalEngine(settings.text2waveBinary)];
  const engines: Record<string, TtsEngine> = Object.fromEntries(
    built.map((engine) => [engine.name, observer ? observedEngine(engine, observer) : engine]),
  );
  return { engineFor: (engine) => (Object.hasOwn(engines, engine) ? (engines[engine] ?? null) : null) };
}
