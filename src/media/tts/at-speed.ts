import { readFile, rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { type RunControl, runFfmpeg } from "../ffmpeg/run.js";
import { parseWav } from "./wav.js";

/**
 * Speech at a speed: the voice's own take, time-stretched by ffmpeg's `atempo` (WSOLA: the pitch is
 * kept, the length becomes exactly 1/speed of it). Stretching rather than asking the engine for another
 * rate keeps one method for every engine and makes the length exactly what the scenes were fitted to
 * (the line measured at speed 1, divided by the speed). `atempo` takes 0.5–100 in one pass; its last
 * window comes out up to ~25 ms short, so the end (the line's trailing margin of silence) is padded to
 * exactly round(samples / speed).
 */
export async function speechAtSpeed(
  input: string,
  speed: number,
  out: string,
  control: RunControl = {},
): Promise<void> {
  if (!Number.isFinite(speed) || speed < 0.5 || speed > 2) throw new RangeError(`speed must be 0.5–2, got ${speed}`);
  const source = parseWav(await readFile(resolve(input)));
  if (!source) throw new RangeError(`${input} is not a PCM WAV file`);
  const samples = Math.round((source.durationSeconds * source.sampleRate) / speed);
  const target = resolve(out);
  const tmp = `${target}.partial.wav`;
  try {
    await runFfmpeg(
      [
        "-y",
        "-i",
        resolve(input),
        "-map",
        "0:a:0",
        "-af",
        `atempo=${speed},apad=whole_len=${samples},atrim=end_sample=${samples}`,
        "-c:a",
        "pcm_s16le",
        "-map_metadata",
        "-1",
        "-fflags",
        "+bitexact",
        "-flags:a",
        "+bitexact",
        "-f",
        "wav",
        tmp,
      ],
      control,
    );
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
