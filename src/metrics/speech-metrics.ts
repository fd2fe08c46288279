import { Counter, Histogram, type Registry } from "prom-client";
import type { SpeechObserver, SpeechRun } from "../media/tts/observed.js";

/** The speech engines' metrics: the SpeechObserver the app hands the process's engines. */
export class SpeechMetrics implements SpeechObserver {
  private readonly lines: Counter<"engine" | "outcome">;
  private readonly runs: Histogram<"engine">;
  private readonly speech: Counter<"engine">;

  constructor(registry: Registry) {
    const registers = [registry];
    this.lines = new Counter({
      name: "clipwright_tts_syntheses_total",
      help: "Lines the speech engines were asked to speak, by engine and outcome (spoken, no_speech, unavailable, error)",
      labelNames: ["engine", "outcome"],
      registers,
    });
    this.runs = new Histogram({
      name: "clipwright_tts_synthesis_duration_seconds",
      help: "Speech engine runs (one line, or a batch festival speaks in one go) by engine, and how long each took",
      labelNames: ["engine"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
      registers,
    });
    this.speech = new Counter({
      name: "clipwright_tts_speech_seconds_total",
      help: "Seconds of speech the engines produced, by engine: against the runs' seconds, the realtime ratio",
      labelNames: ["engine"],
      registers,
    });
  }

  ran(run: SpeechRun): void {
    this.runs.observe({ engine: run.engine }, run.seconds);
    this.speech.inc({ engine: run.engine }, run.speechSeconds);
    for (const [outcome, count] of Object.entries(run.lines)) {
      if (count) this.lines.inc({ engine: run.engine, outcome }, count);
    }
  }
}
