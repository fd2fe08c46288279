import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { assChangeTimesMs } from "../captions/ass-changes.js";
import { artifactOf, concatAudio, posterFrame } from "../ffmpeg/encode.js";
import { filterValue, type StreamEncoder, startStreamEncode } from "../ffmpeg/encode-stream.js";
import { normalizeLoudness } from "../ffmpeg/loudness.js";
import { muxTracks, narrationTrack } from "../ffmpeg/mux.js";
import { firstFrameAtOrAfter } from "../ffmpeg/raw-matroska.js";
import { FfmpegError } from "../ffmpeg/run.js";
import { cornerMask, renderBackground } from "./background.js";
import { captionRoom, type SceneFraming } from "./caption-placement.js";
import { assFor, webVttFor } from "./captions.js";
import { withClip } from "./clip.js";
import { loadFixedLayer } from "./fixed-layer.js";
import { cameraLinks, cursorEnd, frameSpec, type Point, type SceneStills } from "./motion.js";
import { FrameRenderer } from "./render.js";
import { compositionLayout, type StillPreload, stillsFor } from "./scene-stills.js";
import { StillLoader } from "./stills.js";
import { computeTimeline, motionPhases } from "./timeline.js";
import type { ComposedVideo, ComposeInput } from "./types.js";
import { PRESET, X264_PARAMS } from "./x264.js";

export { StillPreload } from "./scene-stills.js";
export type * from "./types.js";

/**
 * The walkthrough compositor: captured stills + narration → one MP4 (H.264 yuv420p, AAC 48 kHz,
 * faststart), a JPEG poster and a WebVTT file, written to `outDir` as walkthrough.mp4, poster.jpg and
 * captions.vtt. Stills are decoded natively (stills.ts); frames are composed as YUV 4:2:0 and piped raw
 * into one ffmpeg process, each changed picture once (encode-stream.ts), which also burns the ASS
 * captions/mark. The narration (placed from the same timeline) is prepared meanwhile and muxed in last.
 *
 * Everything is first written under temporary names and renamed into place at the end, so a failed or
 * cancelled run leaves nothing behind.
 */

function aborted(signal: AbortSignal | undefined): FfmpegError {
  return new FfmpegError("composition was cancelled", "aborted", { binary: "ffmpeg", args: [], cause: signal?.reason });
}

function checkInput(input: ComposeInput): void {
  const { width, height } = input.output;
  for (const v of [width, height]) {
    if (!Number.isInteger(v) || v < 16 || v > 8192 || v % 2 !== 0)
      throw new RangeError(`output size must be even integers between 16 and 8192, got ${width}×${height}`);
  }
  const vp = input.viewport;
  if (!(vp.width > 0 && vp.height > 0 && vp.deviceScaleFactor > 0)) throw new RangeError("invalid viewport");
}

/** `preloaded`: the first scenes' stills, decoded while the capture went on (scene-stills.ts). */
export async function composeWalkthrough(
  input: ComposeInput,
  preloaded: StillPreload | null = null,
): Promise<ComposedVideo> {
  const { scenes, viewport, output, fps, signal } = input;
  checkInput(input);
  if (signal?.aborted) throw aborted(signal);
  const phases = scenes.map((s) => withClip(motionPhases(s.motion, viewport), s.clip));
  const timeline = computeTimeline(
    scenes.map((s, i) => ({
      beatId: s.beatId,
      motionSeconds: (phases[i] as (typeof phases)[number]).minimum,
      narrationSeconds: Math.max(0, s.narration.durationSeconds),
    })),
    fps,
    input.targetSeconds,
  );

  let progress = -1;
  const report = (p: number) => {
    const v = Math.min(100, Math.max(0, Math.floor(p)));
    if (v > progress) {
      progress = v;
      input.onProgress?.(v);
    }
  };
  report(0);

  const outDir = resolve(input.outDir);
  await mkdir(outDir, { recursive: true });
  const tag = randomBytes(6).toString("hex");
  const tmp = {
    video: join(outDir, `.${tag}.mp4.partial`),
    poster: join(outDir, `.${tag}.jpg.partial`),
    vtt: join(outDir, `.${tag}.vtt.partial`),
  };
  const final = {
    video: join(outDir, "walkthrough.mp4"),
    poster: join(outDir, "poster.jpg"),
    vtt: join(outDir, "captions.vtt"),
  };
  const work = await mkdtemp(join(tmpdir(), "cw-compose-"));
  let encoder: StreamEncoder | null = null;
  let narration: Promise<void> | null = null;
  const placed: string[] = [];
  try {
    await writeFile(tmp.vtt, webVttFor(scenes, timeline));
    const look = input.style.captions;
    const layout = compositionLayout(viewport, output, input.style);
    const room = captionRoom(look, layout);
    const links = cameraLinks(
      scenes.map((s, i) => ({
        ...s,
        phases: phases[i] as (typeof phases)[number],
        seconds: (timeline.scenes[i] as (typeof timeline.scenes)[number]).durationSeconds,
      })),
      viewport,
      room,
    );
    const framing = scenes.map(
      (s, i): SceneFraming => ({
        motion: s.motion,
        phases: phases[i] as (typeof phases)[number],
        viewport,
        room,
        ...(links[i] as (typeof links)[number]),
      }),
    );
    const ass = assFor(scenes, timeline, look, layout, framing, input.watermark);
    let videoFilter: string | null = null;
    // The burn-in filter draws only the pictures it is sent: a held picture is sent again where captions change.
    const captionChanges = new Set(ass === null ? [] : assChangeTimesMs(ass).map((ms) => firstFrameAtOrAfter(ms, fps)));
    if (ass !== null) {
      const assPath = join(work, "captions.ass");
      await writeFile(assPath, ass);
      videoFilter = `ass=filename=${filterValue(assPath)}`;
    }
    const segments = scenes.flatMap((s, i) =>
      s.narration.wavPath
        ? [
            {
              path: s.narration.wavPath,
              startSeconds: (timeline.scenes[i] as { narrationStartSeconds: number }).narrationStartSeconds,
            },
          ]
        : [],
    );
    const placedAudio = join(work, "narration-placed.wav");
    const audio = join(work, "narration.wav");
    const audioTrack = join(work, "narration.m4a");
    // Placed and normalised while the frames encode (ffmpeg processes of their own), muxed in at the end.
    narration = (async () => {
      await concatAudio(segments, timeline.durationSeconds, placedAudio, { signal, binaries: input.binaries });
      // One gain for the whole track: every line at the same level, the video at the web's loudness.
      await normalizeLoudness(placedAudio, audio, { signal, binaries: input.binaries });
      await narrationTrack(audio, { frames: timeline.frames, fps }, audioTrack, { signal, binaries: input.binaries });
    })();
    narration.catch(() => {}); // awaited before the mux
    report(3);

    const videoOnly = join(work, "video.mp4");
    const background = renderBackground(layout, input.style.backdrop);
    const renderer = new FrameRenderer(layout, background, cornerMask(layout), input.style.pointer);
    encoder = startStreamEncode({
      width: output.width,
      height: output.height,
      fps,
      frames: timeline.frames,
      videoFilter,
      out: videoOnly,
      preset: PRESET,
      x264Params: X264_PARAMS,
      signal,
      binaries: input.binaries,
    });

    // Scenes decoded while the capture went on are used when they were decoded for this very layout.
    const preload = preloaded?.fits(viewport, layout) ? preloaded : null;
    if (!preload) preloaded?.clear();
    const stills = preload?.loader ?? new StillLoader(viewport, layout.card);
    const inFlight = new Map<Buffer, Promise<void>>();
    let cursor: Point = { x: viewport.width * 0.62, y: viewport.height * 0.7 };
    let written = 0;
    let sentLast: Buffer | null = null;
    // The next scene's stills decode on the thread pool while this scene's frames are drawn and encoded.
    const prefetch = (i: number): Promise<SceneStills> | null => {
      const scene = scenes[i];
      if (!scene) return null;
      const loading = preload?.take(scene) ?? stillsFor(scene, stills);
      loading.catch(() => {}); // awaited when its scene comes
      return loading;
    };
    let upcoming = prefetch(0);
    for (const [i, scene] of scenes.entries()) {
      if (signal?.aborted) throw aborted(signal);
      const sceneStills = (await upcoming) as SceneStills;
      upcoming = prefetch(i + 1);
      const timing = timeline.scenes[i] as (typeof timeline.scenes)[number];
      const m = scene.motion;
      const fixedLayer =
        m.kind === "scroll" && m.fixedLayer ? await loadFixedLayer(m.fixedLayer, layout.card, i) : null;
      const plan = {
        ...(framing[i] as SceneFraming),
        stills: { ...sceneStills, fixedLayer },
        fps,
        frames: timing.frames,
        cursorFrom: cursor,
      };
      for (let f = 0; f < timing.frames; f++) {
        // Writes finish in order, so the last one queued from a buffer says when it is free again.
        await inFlight.get(renderer.nextBuffer());
        const picture = renderer.render(frameSpec(plan, f)).data;
        // A held picture is not sent again (the encoder holds it), except at keyframes and caption changes.
        if (picture !== sentLast || encoder.isKeyframe(written) || captionChanges.has(written)) {
          const sent = encoder.write(picture, written);
          sent.catch(() => {}); // awaited later; a failed encoder also rejects `done`
          inFlight.set(picture, sent);
          sentLast = picture;
        }
        if (signal?.aborted) throw aborted(signal);
        written++;
        report(3 + (90 * written) / timeline.frames);
      }
      cursor = cursorEnd(plan);
    }
    await Promise.all(inFlight.values());
    await encoder.finish();
    await narration;
    report(95);

    const first = timeline.scenes[0] as (typeof timeline.scenes)[number];
    const control = { signal, binaries: input.binaries };
    await Promise.all([
      muxTracks(videoOnly, audioTrack, tmp.video, control),
      // The first screen, settled and without its caption (the tail after the narration).
      posterFrame(videoOnly, first.startSeconds + first.durationSeconds - 0.5 / fps, tmp.poster, control),
    ]);
    if (signal?.aborted) throw aborted(signal);
    report(98);
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
    return {
      video,
      poster,
      captions,
      frames: timeline.frames,
      durationSeconds: timeline.durationSeconds,
      timings: timeline.scenes,
    };
  } catch (err) {
    encoder?.kill();
    await encoder?.done.catch(() => {});
    await narration?.catch(() => {});
    await Promise.all([...Object.values(tmp), ...placed].map((p) => rm(p, { force: true })));
    if (signal?.aborted && !(err instanceof FfmpegError && err.code === "aborted")) throw aborted(signal);
    throw err;
  } finally {
    preloaded?.clear(); // whatever was not taken (a failed or cancelled run)
    await rm(work, { recursive: true, force: true });
  }
}
