import { createHash } from "node:crypto";
import type { RunControl } from "../ffmpeg/run.js";
import { composeBed } from "./compose.js";
import { BED_LUFS, DEFAULT_SOUNDFONT, renderBed } from "./render.js";
import { BED_STYLES, type BedMood } from "./styles.js";
import { type MusicEnding, musicEnding } from "./tempo.js";

/**
 * A finished music bed for a video: the mood's progression at the tempo and whole bars `musicEnding`
 * chose for the length and speed, its last bar the tonic ending with the last frame, rendered offline
 * and levelled to BED_LUFS. Nothing here is random, so the content key names the bytes.
 */

/** Bumped whenever composing or rendering changes what the same inputs sound like: old cached beds lapse. */
const BED_RECIPE = "music-bed/1";

export interface MusicBedRequest {
  mood: string;
  /** The video's length: the bed lasts exactly this long. */
  seconds: number;
  /** The video's speed (0.9–1.25): it scales the mood's tempo. */
  speed: number;
  /** Where the MIDI and WAV files are written (the bed is `<dir>/bed.wav`). */
  dir: string;
  soundfont?: string;
  fluidsynth?: string;
}

export interface MusicBed extends MusicEnding {
  /** 48 kHz stereo 16-bit WAV of exactly the length, at BED_LUFS. */
  path: string;
}

const isBedMood = (mood: string): mood is BedMood => Object.hasOwn(BED_STYLES, mood);

/** Rejects with a RangeError for a mood with no style, or a length and speed no whole bar ends on. */
export async function renderMusicBed(req: MusicBedRequest, control: RunControl = {}): Promise<MusicBed> {
  const ending = musicEnding(req.mood, req.seconds, req.speed);
  if (!isBedMood(req.mood) || !ending) {
    throw new RangeError(`no music bed ends on a whole bar for ${req.mood}, ${req.seconds} s at ${req.speed}×`);
  }
  const path = await renderBed(composeBed(BED_STYLES[req.mood], ending), {
    dir: req.dir,
    seconds: req.seconds,
    ...(req.soundfont ? { soundfont: req.soundfont } : {}),
    ...(req.fluidsynth ? { fluidsynth: req.fluidsynth } : {}),
    ...(control.signal ? { signal: control.signal } : {}),
    ...(control.binaries ? { binaries: control.binaries } : {}),
  });
  return { path, ...ending };
}

/**
 * The content key (sha256, hex) of the bed `renderMusicBed` makes: the mood's style itself (so editing
 * a style changes the key), the tempo and bars, the length, the soundfont and the recipe's version.
 */
export function musicBedKey(bed: {
  mood: string;
  tempo: number;
  bars: number;
  seconds: number;
  soundfont?: string;
}): string {
  const style = isBedMood(bed.mood) ? BED_STYLES[bed.mood] : null;
  return createHash("sha256")
    .update(
      JSON.stringify([
        BED_RECIPE,
        BED_LUFS,
        bed.mood,
        style,
        bed.tempo,
        bed.bars,
        bed.seconds,
        bed.soundfont ?? DEFAULT_SOUNDFONT,
      ]),
    )
    .digest("hex");
}
