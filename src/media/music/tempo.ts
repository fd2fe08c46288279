/**
 * The music bed's tempo. Each mood has a base tempo (beats a minute at speed 1) that the speed scales, so
 * a faster cut gets livelier music. The bed is in 4/4 and must end on a whole bar at the video's length:
 * the tempo may move up to TEMPO_LEEWAY either way from the scaled base (the bed is rendered at that tempo
 * from its first bar, so nothing is heard to change), and the ending must land within
 * ENDING_TOLERANCE_SECONDS of the total (the last bar's release and the fade cover that much). The bar
 * count is the nearest whole number below or above the length in bars at the scaled base; of those that
 * can land, the one needing the smaller tempo change is taken.
 *
 * The numbers are chosen so that the usual lengths (10, 15, 30, 45, 60, 90 and 120 s) land for every mood
 * at speed 1, while short videos at some speeds cannot (a calm 10 s video at 1.1× would need 3 bars at 72
 * or 4 at 96 beats a minute, both further than 6 % from 83.6): `musicEnding` answers null for those, and
 * the callers refuse them. The bed (bed.ts) is composed and rendered at exactly this tempo and bar count.
 */
export const MUSIC_TEMPOS = {
  // Calmest first: the order "calmer" and "livelier" step along (the edit grammar's moods).
  calm: 76,
  cinematic: 90,
  upbeat: 112,
  energetic: 128,
} as const satisfies Record<string, number>;
export type MusicMood = keyof typeof MUSIC_TEMPOS;
export const MUSIC_MOODS = Object.keys(MUSIC_TEMPOS) as MusicMood[];

const BEATS_PER_BAR = 4;
export const TEMPO_LEEWAY = 0.06;
export const ENDING_TOLERANCE_SECONDS = 0.25;

export interface MusicEnding {
  /** Beats a minute the bed is rendered at. */
  tempo: number;
  bars: number;
  /** Where the last bar ends, in seconds. */
  endsAt: number;
}

const isMood = (mood: string): mood is MusicMood => Object.hasOwn(MUSIC_TEMPOS, mood);

/** The bed's tempo and bars for a mood, length and speed; null when no allowed tempo ends on a whole bar. */
export function musicEnding(mood: string, seconds: number, speed: number): MusicEnding | null {
  if (!isMood(mood)) return null;
  const base = MUSIC_TEMPOS[mood] * speed;
  const barsAtBase = (seconds * base) / (60 * BEATS_PER_BAR);
  let best: MusicEnding | null = null;
  for (const bars of new Set([Math.floor(barsAtBase), Math.ceil(barsAtBase)])) {
    if (bars < 1) continue;
    const wanted = (bars * BEATS_PER_BAR * 60) / seconds;
    const tempo = Math.min(base * (1 + TEMPO_LEEWAY), Math.max(base * (1 - TEMPO_LEEWAY), wanted));
    const endsAt = (bars * BEATS_PER_BAR * 60) / tempo;
    if (Math.abs(endsAt - seconds) > ENDING_TOLERANCE_SECONDS + 1e-9) continue;
    if (!best || Math.abs(tempo - base) < Math.abs(best.tempo - base)) best = { tempo, bars, endsAt };
  }
  return best;
}
