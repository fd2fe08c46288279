// Latency figures of a series of single requests (or steps) timed one at a time: the nearest-rank
// percentile, so a p95 of 50 samples is the 48th fastest, a sample that happened.

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** The nearest-rank percentile (p in 0–100) of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export function latency(samples: readonly number[]): Latency {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.length ? Math.max(...samples) : Number.NaN,
    mean: samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length),
  };
}

/** "12.3 ms" below 100 ms, whole milliseconds above. */
export const msText = (n: number): string => `${n < 100 ? n.toFixed(1) : Math.round(n)} ms`;

/** p50 / p95 / max of a series, for a table cell. */
export const spread = (l: Latency): string => `${msText(l.p50)} / ${msText(l.p95)} / ${msText(l.max)}`;
