import { writeFile } from "node:fs/promises";
import { join } from "node:path";
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
 * Renders a bed's MIDI offline with fluidsynth (no audio device: `-ni -F`) at 48 kHz, then cuts it to the
 * video's length with a short fade, so the tonic's release never runs past the last frame. Both programs
 * are deterministic: the same MIDI gives the same samples.
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
  const fadeAt = Math.max(0, opts.seconds - FADE_SECONDS).toFixed(3);
  await runFfmpeg(
    [
      "-y",
      "-i",
      rawPath,
      "-af",
      `atrim=0:${opts.seconds.toFixed(3)},afade=t=out:st=${fadeAt}:d=${FADE_SECONDS}`,
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
    { signal: opts.signal, binaries: opts.binaries },
  );
  return outPath;
}
