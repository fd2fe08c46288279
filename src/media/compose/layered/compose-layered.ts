import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type PlacedCue, toAss } from "../../captions/ass.js";
import { assChangeTimesMs } from "../../captions/ass-changes.js";
import type { CaptionLook } from "../../captions/look.js";
import { type Cue, toWebVtt } from "../../captions/webvtt.js";
import { type Artifact, artifactOf, posterFrame } from "../../ffmpeg/encode.js";
import { startGifEncode } from "../../ffmpeg/encode-gif.js";
import { filterValue, type StreamEncoder, startStreamEncode } from "../../ffmpeg/encode-stream.js";
import { startWebmEncode } from "../../ffmpeg/encode-webm.js";
import { muxTracks, narrationTrack } from "../../ffmpeg/mux.js";
import { muxWebm, opusTrack } from "../../ffmpeg/mux-webm.js";
import type { PictureStreamOptions } from "../../ffmpeg/picture-pipe.js";
import { firstFrameAtOrAfter } from "../../ffmpeg/raw-matroska.js";
import { type FfmpegBinaries, FfmpegError } from "../../ffmpeg/run.js";
import { PRESET, X264_PARAMS } from "../x264.js";
import { LayeredPainter } from "./painter.js";
import type { LayeredScene } from "./types.js";

/**
 * Layered scenes + a finished soundtrack → a video, a JPEG poster and a WebVTT file in `outDir`
 * (video.<format>, poster.jpg, captions.vtt): MP4 (H.264 yuv420p + AAC 48 kHz, faststart), WebM (VP9 +
 * Opus) or GIF (silent, its own palette; drawn at its own small size and rate by the caller). The pictures are drawn natively in
 * YUV (painter.ts) and piped raw into one ffmpeg process, each changed picture once: a scene at rest is
 * held, not coded again (encode-stream.ts). The captions and the free-tier mark are burned in by libass.
 * Files are written under temporary names and renamed at the end: a failed run leaves nothing.
 */

export type LayeredFormat = "mp4" | "webm" | "gif";

/** Each format's encoder and how its sound is made and joined (a GIF has none). */
const FORMATS: Record<
  LayeredFormat,
  {
    start: (opts: PictureStreamOptions) => StreamEncoder;
    sound:
      | ((wav: string | null, timing: { frames: number; fps: number }, out: string, c: Control) => Promise<void>)
      | null;
    mux: ((video: string, audio: string, out: string, c: Control) => Promise<void>) | null;
    audioExt: string;
  }
> = {
  mp4: {
    start: (opts) => startStreamEncode({ ...opts, preset: PRESET, x264Params: X264_PARAMS }),
    sound: narrationTrack,
    mux: muxTracks,
    audioExt: "m4a",
  },
  webm: { start: startWebmEncode, sound: opusTrack, mux: muxWebm, audioExt: "opus.webm" },
  gif: { start: startGifEncode, sound: null, mux: null, audioExt: "" },
};

interface Control {
  signal?: AbortSignal;
  binaries?: FfmpegBinaries;
}

/**
 * A scene as the compositor asks for it: its length is known up front (it sets the file's frame count),
 * its pictures are loaded when it comes (the next one while this one is drawn), and let go of after.
 */
export interface PendingScene {
  frames: number;
  load(): Promise<LayeredScene>;
}

/**
 * The first `count` scenes start loading now; each early load is handed over once, so a scene is let go of
 * as soon as the compositor is done with it, like the others.
 */
export function loadingEarly(pending: readonly PendingScene[], count: number): PendingScene[] {
  return pending.map((scene, i) => {
    if (i >= count) return scene;
    let early: Promise<LayeredScene> | null = scene.load();
    early.catch(() => undefined); // awaited when the compositor asks for the scene
    return {
      frames: scene.frames,
      load: () => {
        const loading = early ?? scene.load();
        early = null;
        return loading;
      },
    };
  });
}

export interface LayeredComposeInput {
  format: LayeredFormat;
  scenes: readonly PendingScene[];
  width: number;
  height: number;
  fps: number;
  /** Cues burned in (already placed), or null for none; `vtt` is delivered either way. */
  captions: { look: CaptionLook; cues: readonly PlacedCue[] } | null;
  vtt: readonly Cue[];
  watermark: boolean;
  /**
   * A WAV of the whole soundtrack (its length is fitted to the frames), or null for silence: awaited only
   * when the sound is encoded, so it may still be mixing while the frames are drawn.
   */
  audio: Promise<string | null>;
  /** Where in the video the poster is taken. */
  posterSeconds: number;
  outDir: string;
  binaries?: FfmpegBinaries;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface LayeredVideo {
  video: Artifact;
  poster: Artifact;
  captions: Artifact;
  frames: number;
  durationSeconds: number;
  /** Pictures drawn; the other frames repeated the one before (held by the encoder). */
  drawnPictures: number;
}

function aborted(signal: AbortSignal | undefined): FfmpegError {
  return new FfmpegError("composition was cancelled", "aborted", { binary: "ffmpeg", args: [], cause: signal?.reason });
}

export async function composeLayered(input: LayeredComposeInput): Promise<LayeredVideo> {
  const { width, height, fps, signal } = input;
  const frames = input.scenes.reduce((n, s) => n + s.frames, 0);
  input.audio.catch(() => {}); // awaited with the sound, or dropped with a failed run
  if (frames <= 0) throw new RangeError("a composition needs at least one frame");
  const durationSeconds = frames / fps;
  const outDir = resolve(input.outDir);
  await mkdir(outDir, { recursive: true });
  const tag = randomBytes(6).toString("hex");
  const format = FORMATS[input.format];
  const tmp = {
    video: join(outDir, `.${tag}.${input.format}.partial`),
    poster: join(outDir, `.${tag}.jpg.partial`),
    vtt: join(outDir, `.${tag}.vtt.partial`),
  };
  const final = {
    video: join(outDir, "video.mp4"),
    poster: join(outDir, "poster.jpg"),
    vtt: join(outDir, "captions.vtt"),
  };
  const work = await mkdtemp(join(tmpdir(), "cw-layered-"));
  const control = { signal, binaries: input.binaries };
  let encoder: StreamEncoder | null = null;
  let audioDone: Promise<void> | null = null;
  const placed: string[] = [];
  let reported = -1;
  const report = (p: number) => {
    const v = Math.min(100, Math.max(0, Math.floor(p)));
    if (v > reported) {
      reported = v;
      input.onProgress?.(v);
    }
  };
  try {
    report(0);
    await writeFile(tmp.vtt, toWebVtt(input.vtt));
    const ass =
      input.captions || input.watermark
        ? toAss({
            width,
            height,
            look: input.captions?.look ?? null,
            cues: input.captions?.cues ?? [],
            watermark: input.watermark,
            durationSeconds,
          })
        : null;
    let videoFilter: string | null = null;
    const captionChanges = new Set(ass === null ? [] : assChangeTimesMs(ass).map((ms) => firstFrameAtOrAfter(ms, fps)));
    if (ass !== null) {
      const assPath = join(work, "captions.ass");
      await writeFile(assPath, ass);
      videoFilter = `ass=filename=${filterValue(assPath)}`;
    }
    const audioTrack = join(work, `audio.${format.audioExt}`);
    const sound = format.sound;
    audioDone = sound ? input.audio.then((wav) => sound(wav, { frames, fps }, audioTrack, control)) : null;
    audioDone?.catch(() => {}); // awaited before the mux

    // A GIF is finished by its encoder; the others get their sound joined after.
    const videoOnly = format.mux ? join(work, `video.${input.format}`) : tmp.video;
    encoder = format.start({
      width,
      height,
      fps,
      frames,
      videoFilter,
      out: videoOnly,
      signal,
      binaries: input.binaries,
    });
    const painter = new LayeredPainter(width, height);
    const inFlight = new Map<Buffer, Promise<void>>();
    let written = 0;
    let sentLast: Buffer | null = null;
    // The next scene loads (decoding is mostly native, on the thread pool) while this one is drawn.
    const prefetch = (i: number) => {
      const loading = input.scenes[i]?.load() ?? null;
      loading?.catch(() => {}); // awaited when its scene comes
      return loading;
    };
    let upcoming = prefetch(0);
    for (let i = 0; i < input.scenes.length; i++) {
      const scene = (await upcoming) as LayeredScene;
      upcoming = prefetch(i + 1);
      for (let f = 0; f < scene.frames; f++) {
        if (signal?.aborted) throw aborted(signal);
        await inFlight.get(painter.nextBuffer());
        const picture = painter.render(scene, f).data;
        if (picture !== sentLast || encoder.isKeyframe(written) || captionChanges.has(written)) {
          const sent = encoder.write(picture, written);
          sent.catch(() => {});
          inFlight.set(picture, sent);
          sentLast = picture;
        }
        written++;
        report(2 + (90 * written) / frames);
      }
      painter.endScene();
    }
    await Promise.all(inFlight.values());
    await encoder.finish();
    await audioDone;
    report(94);
    await Promise.all([
      format.mux?.(videoOnly, audioTrack, tmp.video, control),
      posterFrame(videoOnly, input.posterSeconds, tmp.poster, control),
    ]);
    if (signal?.aborted) throw aborted(signal);
    for (const key of ["video", "poster", "vtt"] as const) {
      await rename(tmp[key], final[key]);
      placed.push(final[key]);
    }
    const [video, poster, captions] = await Promise.all([
      artifactOf(final.video),
      artifactOf(final.poster),
      artifactOf(final.vtt),
    ]);
    report(100);
    return { video, poster, captions, frames, durationSeconds, drawnPictures: painter.drawn };
  } catch (err) {
    encoder?.kill();
    await encoder?.done.catch(() => {});
    await audioDone?.catch(() => {});
    await Promise.all([...Object.values(tmp), ...placed].map((p) => rm(p, { force: true })));
    if (signal?.aborted && !(err instanceof FfmpegError && err.code === "aborted")) throw aborted(signal);
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
