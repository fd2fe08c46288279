import { join } from "node:path";
import { concatAudio } from "../../../media/ffmpeg/encode.js";
import { normalizeLoudness } from "../../../media/ffmpeg/loudness.js";
import type { FfmpegBinaries } from "../../../media/ffmpeg/run.js";

/** The export's sound: the lines placed on the clock, at the web's loudness. */
export async function mixExportSound(
  lines: readonly { wavPath: string | null; startSeconds: number }[],
  seconds: number,
  dir: string,
  control: { signal: AbortSignal; binaries: FfmpegBinaries },
): Promise<string | null> {
  const segments = lines.flatMap((l) => (l.wavPath ? [{ path: l.wavPath, startSeconds: l.startSeconds }] : []));
  if (segments.length === 0) return null;
  const placed = join(dir, "voice-placed.wav");
  const out = join(dir, "sound.wav");
  await concatAudio(segments, seconds, placed, control);
  await normalizeLoudness(placed, out, control);
  return out;
}
