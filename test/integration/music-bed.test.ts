import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ToneMidi from "@tonejs/midi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../../src/media/ffmpeg/loudness.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { renderMusicBed } from "../../src/media/music/bed.js";
import { composeBed } from "../../src/media/music/compose.js";
import { renderBed } from "../../src/media/music/render.js";
import { BED_STYLES, type BedMood } from "../../src/media/music/styles.js";
import { musicEnding } from "../../src/media/music/tempo.js";
import { parseWav } from "../../src/media/tts/wav.js";

// A music bed made offline, as the marketing export will make one: composed on the beat grid of the
// tempo the revision checks chose (media/music/tempo.ts), rendered by fluidsynth with Debian's GM soundfont.
describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("music beds", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bed-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const bed = async (mood: BedMood, seconds: number, name: string) => {
    const timing = musicEnding(mood, seconds, 1);
    expect(timing, `${mood} ${seconds} s ends on a whole bar`).not.toBeNull();
    const out = join(dir, name);
    await mkdir(out, { recursive: true });
    return renderBed(composeBed(BED_STYLES[mood], timing as NonNullable<typeof timing>), { dir: out, seconds });
  };

  it("lasts exactly the video, is heard, and is the same bytes every time", async () => {
    for (const mood of ["calm", "upbeat"] as const) {
      const first = await bed(mood, 15, `${mood}-a`);
      const probed = await probe(first);
      expect(probed.durationSeconds).toBeCloseTo(15, 1);
      expect(parseWav(await readFile(first))?.dataBytes).toBe(15 * 48_000 * 4);
      const loud = await measureLoudness(first);
      expect(loud.integrated).toBeGreaterThan(-40);
      expect(loud.truePeak).toBeLessThan(0);
      const again = await bed(mood, 15, `${mood}-b`);
      const sha = async (p: string) =>
        createHash("sha256")
          .update(await readFile(p))
          .digest("hex");
      expect(await sha(again)).toBe(await sha(first));
    }
  }, 120_000);

  it("ends on the key's tonic: every note of the last bar is of the tonic chord, held to the end", () => {
    for (const mood of Object.keys(BED_STYLES) as BedMood[]) {
      const style = BED_STYLES[mood];
      const timing = musicEnding(mood, 30, 1) as NonNullable<ReturnType<typeof musicEnding>>;
      const midi = new ToneMidi.Midi(composeBed(style, timing));
      const lastBar = (timing.bars - 1) * 4 * (60 / timing.tempo);
      const tonic = new Set((style.progression[0]?.notes ?? []).map((n) => (style.key + n) % 12));
      const last = midi.tracks
        .filter((t) => t.channel !== 9)
        .flatMap((t) => t.notes.filter((n) => n.time >= lastBar - 1e-3));
      expect(last.length, mood).toBeGreaterThan(0);
      for (const note of last) expect(tonic.has(note.midi % 12), `${mood}: ${note.midi}`).toBe(true);
      const end = Math.max(...last.map((n) => n.time + n.duration));
      expect(end).toBeCloseTo(timing.endsAt, 1);
      expect(composeBed(style, timing).equals(composeBed(style, timing))).toBe(true);
    }
  });

  it("plays at exactly the tempo and bars musicEnding chose: the kicks, measured in the audio, sit on its grid", async () => {
    // The bed's own MIDI with only its kicks kept (the same tempo map and note times), rendered as a bed
    // is, then every kick's onset found in the samples: where the level jumps after a quiet stretch.
    for (const [mood, seconds, speed] of [
      ["energetic", 15, 1.1],
      ["upbeat", 30, 0.9],
    ] as const) {
      const bed = await renderMusicBed({
        mood,
        seconds,
        speed,
        dir: await mkdir(join(dir, `grid-${mood}`), { recursive: true }).then(() => join(dir, `grid-${mood}`)),
      });
      const midi = new ToneMidi.Midi(composeBed(BED_STYLES[mood], bed));
      for (const track of midi.tracks) {
        track.notes = track.channel === 9 ? track.notes.filter((n) => n.midi === 36) : [];
      }
      const out = join(dir, `kicks-${mood}`);
      await mkdir(out, { recursive: true });
      const wav = await readFile(await renderBed(Buffer.from(midi.toArray()), { dir: out, seconds }));
      const onsets = kickOnsets(wav);
      const beat = 60 / bed.tempo;
      // Two kicks a bar (beats 1 and 3) in every bar but the last, where the tonic is held alone.
      expect(onsets.length, mood).toBe(2 * (bed.bars - 1));
      // The onsets against the grid: kick k at k × 2 beats, plus the synth's constant latency.
      const latency = onsets.reduce((sum, t, k) => sum + (t - k * 2 * beat), 0) / onsets.length;
      expect(Math.abs(latency), mood).toBeLessThan(0.01);
      for (const [k, t] of onsets.entries())
        expect(Math.abs(t - latency - k * 2 * beat), `${mood} kick ${k}`).toBeLessThan(0.003);
      // So the last bar, the tonic, begins at (bars - 1) bars and ends at endsAt: with the video's last frame.
      const lastBarEnd = latency + bed.bars * 4 * beat;
      expect(Math.abs(lastBarEnd - bed.endsAt)).toBeLessThan(0.01);
      expect(Math.abs(bed.endsAt - seconds)).toBeLessThanOrEqual(0.25);
    }
  }, 120_000);
});

/** Onsets (seconds) in a 16-bit WAV: the first sample over a tenth of the peak after 80 ms under a fiftieth of it. */
function kickOnsets(wav: Buffer): number[] {
  const info = parseWav(wav);
  if (!info) throw new Error("not a WAV");
  const frames = Math.floor(info.dataBytes / (2 * info.channels));
  const at = (i: number) => Math.abs(wav.readInt16LE(44 + i * 2 * info.channels));
  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, at(i));
  const quietFor = Math.round(0.08 * info.sampleRate);
  const onsets: number[] = [];
  let quiet = quietFor;
  let armed = true;
  for (let i = 0; i < frames; i++) {
    const v = at(i);
    if (v > peak / 10 && armed) {
      onsets.push(i / info.sampleRate);
      armed = false;
    }
    quiet = v < peak / 50 ? quiet + 1 : 0;
    if (quiet >= quietFor) armed = true;
  }
  return onsets;
}
