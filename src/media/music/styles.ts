/**
 * How a music bed sounds, by mood: a key, a four-chord progression (one chord a bar, repeated, the last
 * bar always the key's tonic), and General MIDI instruments. Written for a bed under a voice: few notes,
 * soft attacks, nothing in the voice's middle register louder than the pad.
 */

/** A chord as semitones above the key's root: its root and the chord's notes above that root. */
export interface Chord {
  root: number;
  /** Intervals above the chord's root (a major triad [0, 4, 7], a minor one [0, 3, 7]). */
  notes: readonly number[];
}

export interface BedStyle {
  /** MIDI note of the key's root in the pad's octave (60 is middle C). */
  key: number;
  progression: readonly Chord[];
  /** General MIDI programs (0-based). */
  pad: number;
  bass: number;
  /** Notes of the chord played one at a time (a piano or a pluck), or null for none. */
  arpeggio: { program: number; perBar: number } | null;
  /** Bass notes a bar: 1 (held), 2, 4 or 8. */
  bassPerBar: 1 | 2 | 4 | 8;
  /** A kick, snare and hats pattern (General MIDI percussion), or none. */
  drums: boolean;
}

const MAJOR = [0, 4, 7] as const;
const MINOR = [0, 3, 7] as const;
const chord = (root: number, notes: readonly number[]): Chord => ({ root, notes });

export const BED_STYLES = {
  // C: I vi IV V, a warm pad and a soft piano.
  calm: {
    key: 60,
    progression: [chord(0, MAJOR), chord(9, MINOR), chord(5, MAJOR), chord(7, MAJOR)],
    pad: 89,
    bass: 32,
    arpeggio: { program: 0, perBar: 4 },
    bassPerBar: 1,
    drums: false,
  },
  // A minor: i VI III VII, strings.
  cinematic: {
    key: 57,
    progression: [chord(0, MINOR), chord(8, MAJOR), chord(3, MAJOR), chord(10, MAJOR)],
    pad: 48,
    bass: 43,
    arpeggio: null,
    bassPerBar: 2,
    drums: false,
  },
  // G: I V vi IV, electric piano, a walking bass and a light beat.
  upbeat: {
    key: 55,
    progression: [chord(0, MAJOR), chord(7, MAJOR), chord(9, MINOR), chord(5, MAJOR)],
    pad: 4,
    bass: 33,
    arpeggio: { program: 11, perBar: 8 },
    bassPerBar: 4,
    drums: true,
  },
  // E minor: i VI III VII, a saw pad, driving eighths.
  energetic: {
    key: 52,
    progression: [chord(0, MINOR), chord(8, MAJOR), chord(3, MAJOR), chord(10, MAJOR)],
    pad: 81,
    bass: 38,
    arpeggio: { program: 81, perBar: 8 },
    bassPerBar: 8,
    drums: true,
  },
} as const satisfies Record<string, BedStyle>;

export type BedMood = keyof typeof BED_STYLES;
