// One measurement with autocannon: a warm-up that is thrown away (JIT, connection pools, caches),
// then the measured run. Anything but a 2xx fails the whole benchmark: a fast 401 or 429 is not a figure.
import autocannon from "autocannon";

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface Measurement {
  /** Requests answered per second over the measured run. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Server CPU time per answered request, in microseconds (when the server's CPU could be read). */
  cpuUsPerRequest: number;
  /** Share of one core the server used during the measured run. */
  serverBusy: number;
}

export class BenchError extends Error {}

async function fire(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) {
    throw new BenchError(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `(status counts ${JSON.stringify(result.statusCodeStats ?? {})})`,
    );
  }
  return result;
}

/**
 * `serverCpu` reads the server process's CPU seconds, so the cost of a request can be told apart from
 * the capacity of the load generator: on 2 cores a fast server can be limited by autocannon, not by
 * itself, and then its req/s says little about what it could do.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  opts: LoadOptions,
  serverCpu: () => number = () => Number.NaN,
): Promise<Measurement> {
  if (opts.warmupSeconds > 0) await fire(url, headers, opts.connections, opts.warmupSeconds);
  const cpuBefore = serverCpu();
  const r = await fire(url, headers, opts.connections, opts.seconds);
  const cpu = serverCpu() - cpuBefore;
  // Total over the measured time, not requests.average: that is a mean of whole-second samples and
  // swings with how the run's edges fall.
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    cpuUsPerRequest: (cpu / r.requests.total) * 1e6,
    serverBusy: cpu / r.duration,
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
