/**
 * The music's gain under the voice, sample by sample: DUCK_DB while a line is spoken, reached over
 * ATTACK_SECONDS before the line starts (the mix is offline, so it looks ahead: the first syllable is
 * already over a lowered bed) and let go over RELEASE_SECONDS after it ends. Ramps are linear in dB.
 * Computed from where the lines are, not from the voice's level, so it is exact and the same every time:
 * a comma's pause inside a line keeps the bed down instead of pumping it up.
 */

export const DUCK_DB = -12;
export const ATTACK_SECONDS = 0.15;
export const RELEASE_SECONDS = 0.4;

const STEPS = 4096;

export interface Span {
  start: number;
  end: number;
}

/** The gain (linear) for each of `samples` samples at `rate`; 1 where nothing is spoken. */
export function duckEnvelope(spans: readonly Span[], samples: number, rate: number): Float32Array {
  const depth = new Float32Array(samples); // 0 = not ducked … 1 = fully ducked
  const attack = ATTACK_SECONDS * rate;
  const release = RELEASE_SECONDS * rate;
  const raise = (from: number, to: number, at: (i: number) => number) => {
    for (let i = Math.max(0, Math.ceil(from)); i < Math.min(samples, Math.ceil(to)); i++) {
      const d = at(i);
      if (d > (depth[i] as number)) depth[i] = d;
    }
  };
  for (const span of spans) {
    const s = span.start * rate;
    const e = span.end * rate;
    if (e <= s) continue;
    raise(s - attack, s, (i) => (i - (s - attack)) / attack);
    raise(s, e, () => 1);
    raise(e, e + release, (i) => 1 - (i - e) / release);
  }
  // Depth to gain through a table of STEPS + 1 gains (a ramp is linear in dB; 0.003 dB a step).
  const table = Float32Array.from({ length: STEPS + 1 }, (_, k) => 10 ** ((DUCK_DB * k) / STEPS / 20));
  for (let i = 0; i < samples; i++) depth[i] = table[Math.round((depth[i] as number) * STEPS)] as number;
  return depth;
}
