// The soak suite's sampler: reads the service process from /proc (RSS, file descriptors, processes), its
// database file and GET /metrics, every SAMPLE_S seconds and on demand for the quiet readings.
import { loadavg } from "node:os";
import { BenchError } from "./load.js";
import { fileMb, processFigures } from "./process-figures.js";
import type { RunningServer } from "./server.js";
import type { Run, Sample } from "./soak-record.js";
import { SAMPLE_S } from "./soak-settings.js";

export interface SoakInfo {
  key: string;
  version: string;
  metricsPort: number;
  /** The SQLite file; absent on PostgreSQL. */
  sqlite?: string;
  email: string;
  password: string;
}

export async function sampleNow(run: Run, server: RunningServer, info: SoakInfo): Promise<Sample> {
  const now = performance.now();
  const figures = processFigures(server.pid);
  const dbMb = info.sqlite ? fileMb(info.sqlite) : Number.NaN;
  const walMb = info.sqlite ? fileMb(`${info.sqlite}-wal`) : Number.NaN;
  const res = await fetch(`http://127.0.0.1:${info.metricsPort}/metrics`);
  if (res.status !== 200) throw new BenchError(`GET /metrics answered ${res.status}`);
  const lines = (await res.text()).split("\n").filter((l) => l && !l.startsWith("#"));
  const server5xx = lines
    .filter((l) => l.startsWith("clipwright_http_request_duration_seconds_count{") && /status="5\d\d"/.test(l))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
  return {
    at: (now - run.measuredStart) / 1000,
    window: run.window(now),
    figures,
    dbMb: dbMb + walMb,
    walMb,
    series: lines.length,
    server5xx,
    loadAverage: loadavg()[0] ?? Number.NaN,
  };
}

/** Samples every SAMPLE_S seconds; a sample that cannot be taken (the service died) stops the run. */
export function startSampler(run: Run, server: RunningServer, info: SoakInfo) {
  let failure: unknown;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      run.samples.push(await sampleNow(run, server, info));
    } catch (err) {
      failure ??= err;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(tick, SAMPLE_S * 1000);
  void tick();
  return {
    check() {
      if (failure) throw new BenchError(`the service could not be read: ${String(failure)}`);
    },
    stop: () => clearInterval(timer),
  };
}
