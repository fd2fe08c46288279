import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { PoolObserver, PoolUsage } from "../media/browser/index.js";

/** The browser pool's metrics: the PoolObserver the app hands the process's pool. */
export class BrowserPoolMetrics implements PoolObserver {
  private readonly sessions: Gauge<"state">;
  private readonly capacity: Gauge;
  private readonly browsers: Gauge;
  private readonly waits: Histogram;
  private readonly launches: Counter<"outcome">;
  private readonly crashes: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    this.sessions = new Gauge({
      name: "clipwright_browser_sessions",
      help: "Browser sessions (a context and its page) of this process: in_use (open or opening) and waiting for a slot",
      labelNames: ["state"],
      registers,
    });
    this.capacity = new Gauge({
      name: "clipwright_browser_sessions_capacity",
      help: "Sessions this process's browser pool lets be open at once (CLIPWRIGHT_BROWSER_MAX_SESSIONS)",
      registers,
    });
    this.browsers = new Gauge({
      name: "clipwright_browsers_running",
      help: "Chromium processes this process's pool has running (0 until first use, then 1)",
      registers,
    });
    this.waits = new Histogram({
      name: "clipwright_browser_session_wait_seconds",
      help: "Sessions that found every slot taken, and how long each waited for one",
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
    this.launches = new Counter({
      name: "clipwright_browser_launches_total",
      help: "Chromium launches by outcome (succeeded, failed): the first, and each replacement after a crash",
      labelNames: ["outcome"],
      registers,
    });
    this.crashes = new Counter({
      name: "clipwright_browser_crashes_total",
      help: "Browsers that went away without the pool closing them; the next session launches a replacement",
      registers,
    });
    // Every series from the start, so a rate over them is 0 rather than absent before the first event.
    this.launches.inc({ outcome: "succeeded" }, 0);
    this.launches.inc({ outcome: "failed" }, 0);
  }

  usage(reading: PoolUsage): void {
    this.sessions.set({ state: "in_use" }, reading.open);
    this.sessions.set({ state: "waiting" }, reading.waiting);
    this.capacity.set(reading.capacity);
    this.browsers.set(reading.browsers);
  }

  waited(seconds: number): void {
    this.waits.observe(seconds);
  }

  launched(outcome: "succeeded" | "failed"): void {
    this.launches.inc({ outcome });
  }

  lost(): void {
    this.crashes.inc();
  }
}
