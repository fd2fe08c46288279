import { resolve } from "node:path";
import { constantRateFilters } from "./constant-rate.js";
import type { StreamEncoder } from "./encode-stream.js";
import { BITEXACT, COLOUR, inputFilters, type PictureStreamOptions, startPicturePipe } from "./picture-pipe.js";

/**
 * The WebM counterpart of encode-stream.ts: the same picture stream (each picture once, stamped with its
 * frame) becomes a video-only VP9 WebM of exactly `frames` frames at `fps`; mux-webm.ts adds the Opus
 * track. VP9 has no cheap held frame the way H.264's skipped P pictures are one, so ffmpeg repeats each
 * held picture up to the next one (constant-rate.ts) and libvpx codes the repeats,
 * which in realtime mode cost it little (nothing moved).
 *
 * Keyframes fall every two seconds by libvpx's own count (it sees every frame); the caller need not write
 * a picture there, though it may. Output is bitexact: no random track UIDs, no version strings, and a
 * fixed thread count, so the same pictures give the same bytes.
 */

/**
 * libvpx settings, measured on 900 composed 1080×1920 frames (30 % changing, the rest held; 2 cores):
 * realtime speed 8 with row threading and 4 tile columns took ~11 CPU-s at SSIM 0.9989 (CRF 20, ~1.9
 * Mbit/s); `-deadline good -cpu-used 5` took 66 CPU-s for a lower SSIM at its CRF. Speed 8 is the
 * fastest libvpx 1.12 offers. Realtime mode never looks ahead, so there are no hidden alt-ref frames.
 */
const VP9 = [
  "-c:v",
  "libvpx-vp9",
  "-deadline",
  "realtime",
  "-cpu-used",
  "8",
  "-row-mt",
  "1",
  // log2: 4 tile columns (each at least 256 px wide at 1080, the narrowest frame we make).
  "-tile-columns",
  "2",
  // Fixed, not "auto": libvpx's output depends on its thread count.
  "-threads",
  "2",
  "-crf",
  "20",
  "-b:v",
  "0",
];

export function startWebmEncode(opts: PictureStreamOptions): StreamEncoder {
  const { fps, frames } = opts;
  const gop = Math.max(1, Math.round(fps * 2));
  const vf = [...inputFilters(opts.videoFilter), ...constantRateFilters(fps, frames)];
  const args = ["-map", "0:v:0", "-vf", vf.join(","), ...VP9, "-pix_fmt", "yuv420p", ...COLOUR];
  args.push("-g", String(gop), "-keyint_min", String(gop), ...BITEXACT);
  args.push("-an", "-map_metadata", "-1", "-f", "webm", `file:${resolve(opts.out)}`);
  const pipe = startPicturePipe(opts, args, null);
  return {
    write: pipe.write,
    isKeyframe: (at) => at % gop === 0,
    finish: () => pipe.close(),
    kill: () => pipe.kill(),
    done: pipe.done,
  };
}
