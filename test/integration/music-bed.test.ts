import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ToneMidi from "@tonejs/midi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../../src/media/ffmpeg/loudness.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { composeBed } from "../../src/media/music/compose.js";
import { renderBed } from "../../src/media/music/render.js";
import { BED_STYLES, type BedMood } from "../../src/media/music/styles.js";
import { musicEnding } from "../../src/media/music/tempo.js";

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
});
