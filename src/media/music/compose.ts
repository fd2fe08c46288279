import ToneMidi from "@tonejs/midi";
import type { BedStyle, Chord } from "./styles.js";

const { Midi } = ToneMidi;

/** The bed's length in the music's own terms: a tempo and a whole number of 4/4 bars. */
export interface BedTiming {
  /** Beats a minute. */
  tempo: number;
  bars: number;
}

const BEATS_PER_BAR = 4;
const DRUMS = { channel: 9, kick: 36, snare: 38, hat: 42 } as const;

/**
 * A Standard MIDI File for a bed: the progression repeated bar by bar, its last bar the tonic chord held
 * to the end (so the music closes on the key's root with the video's last frame). Everything is placed
 * on the beat grid of the given tempo; nothing random, so the same style and timing give the same bytes.
 */
export function composeBed(style: BedStyle, timing: BedTiming): Buffer {
  const midi = new Midi();
  midi.header.setTempo(timing.tempo);
  const beat = 60 / timing.tempo;
  const bar = beat * BEATS_PER_BAR;
  // The progression's first chord is the key's tonic: the last bar returns to it.
  const tonic = style.progression[0] as Chord;
  const chordAt = (i: number): Chord =>
    i === timing.bars - 1 ? tonic : (style.progression[i % style.progression.length] as Chord);
  const track = (program: number, channel: number) => {
    const t = midi.addTrack();
    t.channel = channel;
    t.instrument.number = program;
    return t;
  };
  const pad = track(style.pad, 0);
  const bass = track(style.bass, 1);
  const arp = style.arpeggio ? track(style.arpeggio.program, 2) : null;
  const drums = style.drums ? track(0, DRUMS.channel) : null;

  for (let i = 0; i < timing.bars; i++) {
    const start = i * bar;
    const last = i === timing.bars - 1;
    const c = chordAt(i);
    const root = style.key + c.root;
    for (const n of c.notes) pad.addNote({ midi: root + n, time: start, duration: bar, velocity: 0.45 });
    const bassNotes = last ? 1 : style.bassPerBar;
    for (let k = 0; k < bassNotes; k++) {
      const len = bar / bassNotes;
      bass.addNote({ midi: root - 24, time: start + k * len, duration: len * 0.9, velocity: 0.55 });
    }
    if (arp && style.arpeggio && !last) {
      const step = bar / style.arpeggio.perBar;
      for (let k = 0; k < style.arpeggio.perBar; k++) {
        const note = root + 12 + (c.notes[k % c.notes.length] ?? 0);
        arp.addNote({ midi: note, time: start + k * step, duration: step * 0.8, velocity: 0.3 });
      }
    }
    if (drums && !last) {
      for (let b = 0; b < BEATS_PER_BAR; b++) {
        const at = start + b * beat;
        drums.addNote({ midi: b % 2 === 0 ? DRUMS.kick : DRUMS.snare, time: at, duration: beat / 2, velocity: 0.5 });
        drums.addNote({ midi: DRUMS.hat, time: at, duration: beat / 4, velocity: 0.3 });
        drums.addNote({ midi: DRUMS.hat, time: at + beat / 2, duration: beat / 4, velocity: 0.22 });
      }
    }
  }
  return Buffer.from(midi.toArray());
}
