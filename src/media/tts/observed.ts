import {
  type Synthesis,
  SynthesisFailedError,
  type SynthesisOptions,
  type TtsEngine,
  TtsUnavailableError,
  type TtsVoice,
} from "./engine.js";

/** How a line came out: spoken, nothing speakable in it, the engine could not run, or anything else. */
export type LineOutcome = "spoken" | "no_speech" | "unavailable" | "error";

/** One engine run (a line, or a batch of them): told to whoever watches the engines (the service's metrics). */
export interface SpeechRun {
  engine: string;
  /** How long the run took, in seconds. */
  seconds: number;
  /** Lines by how they came out. */
  lines: Partial<Record<LineOutcome, number>>;
  /** Seconds of speech the run produced (as the engine speaks, before any change of speed). */
  speechSeconds: number;
}

/** Called synchronously after each run; must not throw. */
export interface SpeechObserver {
  ran(run: SpeechRun): void;
}

const outcomeOf = (err: unknown): LineOutcome =>
  err instanceof SynthesisFailedError ? "no_speech" : err instanceof TtsUnavailableError ? "unavailable" : "error";

/** `engine`, reporting each of its runs to `observer`; what it answers and throws is unchanged. */
export function observedEngine(engine: TtsEngine, observer: SpeechObserver): TtsEngine {
  const report = (started: number, lines: SpeechRun["lines"], speechSeconds: number) =>
    observer.ran({ engine: engine.name, seconds: (performance.now() - started) / 1000, lines, speechSeconds });
  const observed: TtsEngine = {
    name: engine.name,
    async synthesize(text: string, voice: TtsVoice, opts?: SynthesisOptions): Promise<Synthesis> {
      const started = performance.now();
      try {
        const speech = await engine.synthesize(text, voice, opts);
        report(started, { spoken: 1 }, speech.durationSeconds);
        return speech;
      } catch (err) {
        report(started, { [outcomeOf(err)]: 1 }, 0);
        throw err;
      }
    },
  };
  const many = engine.synthesizeMany?.bind(engine);
  if (many) {
    observed.synthesizeMany = async (texts, voice, opts) => {
      const started = performance.now();
      try {
        const out = await many(texts, voice, opts);
        const spoken = out.filter((s): s is Synthesis => !(s instanceof SynthesisFailedError));
        const seconds = spoken.reduce((sum, s) => sum + s.durationSeconds, 0);
        report(started, { spoken: spoken.length, no_speech: out.length - spoken.length }, seconds);
        return out;
      } catch (err) {
        report(started, { [outcomeOf(err)]: texts.length }, 0);
        throw err;
      }
    };
  }
  return observed;
}
