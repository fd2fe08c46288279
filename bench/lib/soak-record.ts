// What the soak suite records while it runs: the samples of the service process, the storyboard plans,
// the test events, and the tallies of answers per phase and measured window.
import type { ProcessFigures } from "./process-figures.js";
import { clamp, WINDOW_S, WINDOWS } from "./soak-settings.js";
import { type Outcome, Tally } from "./soak-stats.js";

export interface Sample {
  /** Seconds since the measured load started (negative during the warm-up). */
  at: number;
  /** The measured window it fell in; -1 outside the measured load. */
  window: number;
  figures: ProcessFigures;
  dbMb: number;
  walMb: number;
  /** Lines of GET /metrics that are series (not comments). */
  series: number;
  /** The service's own count of 5xx answers so far (clipwright_http_request_duration_seconds_count). */
  server5xx: number;
  /** The machine's 1-minute load average: neighbours skew latencies on a shared machine. */
  loadAverage: number;
}

export interface Plan {
  id: string;
  /** Measured window it was submitted in; -1 in the warm-up. */
  window: number;
  state: string;
  seconds: number;
}

export interface TestEvent {
  window: number;
  eventId: string;
  /** Send (202 answered) to first arrival at the receiver, ms; NaN while it has not arrived. */
  delayMs: number;
}

/** Everything the run records; the clients write into the tally of the window they are in. */
export class Run {
  readonly warmup = new Tally();
  readonly windows = Array.from({ length: WINDOWS }, () => new Tally());
  readonly after = new Tally();
  readonly samples: Sample[] = [];
  readonly plans: Plan[] = [];
  readonly tests: TestEvent[] = [];
  /** Per request label and outcome: how many, and the first problem's text. */
  readonly problems = new Map<string, { outcome: Outcome; count: number; example: string }>();
  phase: "warmup" | "measured" | "after" = "warmup";
  measuredStart = Number.POSITIVE_INFINITY;

  /** The measured window at `now` (performance.now()), or -1 outside the measured load. */
  window(now = performance.now()): number {
    if (this.phase !== "measured") return -1;
    return clamp(Math.floor((now - this.measuredStart) / 1000 / WINDOW_S), 0, WINDOWS - 1);
  }

  tally(now = performance.now()): Tally {
    if (this.phase === "warmup") return this.warmup;
    if (this.phase === "after") return this.after;
    return this.windows[this.window(now)] as Tally;
  }

  note(what: string, outcome: Outcome, problem: string): void {
    const key = `${outcome} ${what}`;
    const known = this.problems.get(key);
    if (known) known.count++;
    else this.problems.set(key, { outcome, count: 1, example: problem });
  }
}
