import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { measureLoudness } from "../ffmpeg/loudness.js";
import { type FfmpegBinaries, runFfmpeg, startProcess } from "../ffmpeg/run.js";

/** Debian's fluid-soundfont-gm: FluidR3 GM, MIT licensed (its copyright file), so a video may carry it. */
export const DEFAULT_SOUNDFONT = "/usr/share/sounds/sf2/FluidR3_GM.sf2";

export interface RenderBedOptions {
  /** Where the MIDI and WAV files are written. */
  dir: string;
  /** The video's length: the bed is cut to it, its last 0.4 s faded. */
  seconds: number;
  soundfont?: string;
  fluidsynth?: string;
  binaries?: FfmpegBinaries;
  signal?: AbortSignal;
}

const SAMPLE_RATE = 48_000;
const FADE_SECONDS = 0.4;
/**
 * Every bed is brought to this integrated loudness, whatever its mood: the instruments differ by 17 LU
 * as fluidsynth plays them (a calm piano and pad -31.4 LUFS, the energetic saw lead -14.2 at 30 s), and
 * the mix should set the music's level by its volume alone. Low enough that the gain never clips.
 */
export const BED_LUFS = -20;

/**
 * Renders a bed's MIDI offline with fluidsynth (no audio device: `-ni -F`) at 48 kHz, then cuts it to the
 * video's length with a short fade, so the tonic's release never runs past the last frame, and levels
 * it to BED_LUFS (one linear gain, measured over the part kept). Both programs are deterministic: the
 * same MIDI gives the same samples.
 */
export async function renderBed(midi: Buffer, opts: RenderBedOptions): Promise<string> {
  const midPath = join(opts.dir, "bed.mid");
  const rawPath = join(opts.dir, "bed-full.wav");
  const outPath = join(opts.dir, "bed.wav");
  await writeFile(midPath, midi);
  const synth = startProcess(
    opts.fluidsynth ?? "fluidsynth",
    [
      "-ni",
      "-q",
      "-g",
      "0.5",
      "-r",
      String(SAMPLE_RATE),
      "-T",
      "wav",
      "-F",
      rawPath,
      opts.soundfont ?? DEFAULT_SOUNDFONT,
      midPath,
    ],
    { signal: opts.signal, timeoutMs: 120_000 },
  );
  await synth.done;
  const control = { signal: opts.signal, binaries: opts.binaries };
  const raw = await measureLoudness(rawPath, { ...control, inputSeconds: opts.seconds });
  const gainDb = Number.isFinite(raw.integrated) ? BED_LUFS - raw.integrated : 0;
  const samples = Math.round(opts.seconds * SAMPLE_RATE);
  const fadeAt = Math.max(0, opts.seconds - FADE_SECONDS).toFixed(3);
  await runFfmpeg(
    [
      "-y",
      "-i",
      rawPath,
      "-af",
      // fluidsynth stops with the last note's release: padded, so a bed whose tonic ends a little before
      // the length still lasts exactly round(seconds × 48000) samples.
      `apad=whole_len=${samples},atrim=end_sample=${samples},` +
        `afade=t=out:st=${fadeAt}:d=${FADE_SECONDS},volume=${gainDb.toFixed(2)}dB`,
      "-ar",
      String(SAMPLE_RATE),
      "-ac",
      "2",
      "-c:a",
      "pcm_s16le",
      "-map_metadata",
      "-1",
      "-fflags",
      "+bitexact",
      "-flags:a",
      "+bitexact",
      outPath,
    ],
    control,
  );
  return outPath;
}
