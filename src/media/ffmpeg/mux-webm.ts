import { resolve } from "node:path";
import { AUDIO_SAMPLE_RATE } from "./encode.js";
import { BITEXACT, HEAD } from "./picture-pipe.js";
import { type RunControl, runFfmpeg } from "./run.js";

/**
 * WebM's sound, as mux.ts does MP4's: the WAV (or silence) fitted to the video and encoded apart while
 * the frames encode, then both streams copied into the final file. Opus at 48 kHz, its own rate; the
 * track is trimmed to exactly frames / fps seconds of samples (the WebM muxer writes the last packet's
 * padding as DiscardPadding, so the decoded length is exact). Bitexact, like the video.
 */

/** The audio (a WAV, or silence when null) as stereo Opus 48 kHz in a WebM, exactly `frames / fps` long. */
export async function opusTrack(
  audio: string | null,
  timing: { frames: number; fps: number },
  out: string,
  control: RunControl = {},
): Promise<void> {
  const samples = Math.round((timing.frames / timing.fps) * AUDIO_SAMPLE_RATE);
  const input = audio
    ? ["-i", `file:${resolve(audio)}`]
    : ["-f", "lavfi", "-i", `anullsrc=r=${AUDIO_SAMPLE_RATE}:cl=stereo`];
  const fit = `aresample=${AUDIO_SAMPLE_RATE},apad=whole_len=${samples},atrim=end_sample=${samples},asetpts=PTS-STARTPTS`;
  const opus = ["-c:a", "libopus", "-b:a", "128k", "-ar", String(AUDIO_SAMPLE_RATE), "-ac", "2"];
  const output = ["-map", "0:a:0", "-af", fit, ...opus, ...BITEXACT, "-map_metadata", "-1", "-f", "webm"];
  await runFfmpeg([...HEAD, ...input, ...output, `file:${resolve(out)}`], control);
}

/** A video-only WebM (encode-webm.ts) + an Opus track → the final WebM, both copied, its index (cues) first. */
export async function muxWebm(video: string, audio: string, out: string, control: RunControl = {}): Promise<void> {
  await runFfmpeg(
    [
      ...HEAD,
      "-i",
      `file:${resolve(video)}`,
      "-i",
      `file:${resolve(audio)}`,
      "-map",
      "0:v:0",
      "-map",
      "1:a:0",
      "-c",
      "copy",
      "-map_metadata",
      "-1",
      ...BITEXACT,
      // A browser can seek before it has the whole file, as MP4's faststart does.
      "-cues_to_front",
      "1",
      "-f",
      "webm",
      `file:${resolve(out)}`,
    ],
    control,
  );
}
