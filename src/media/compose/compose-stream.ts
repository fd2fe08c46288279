import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { artifactOf, concatAudio, posterFrame } from "../ffmpeg/encode.js";
import { type StreamEncoder, startStreamEncode } from "../ffmpeg/encode-stream.js";
import { normalizeLoudness } from "../ffmpeg/loudness.js";
import { muxTracks, narrationTrack } from "../ffmpeg/mux.js";
import { type FfmpegBinaries, FfmpegError } from "../ffmpeg/run.js";
import { cornerMask, type Layout, layoutFor, renderBackground } from "./background.js";
import { captionBandHeight, captionRoom, type SceneFraming } from "./caption-placement.js";
import { type CaptionTrack, renderCaptionTrack } from "./caption-track.js";
import { assFor, webVttFor } from "./captions.js";
import { loadClip, withClip } from "./clip.js";
import { loadFixedLayer } from "./fixed-layer.js";
import { type CaptionRoom, cameraLinks, cursorEnd, frameSpec, type Point, type SceneStills } from "./motion.js";
import { FrameRenderer } from "./render.js";
import { StillLoader } from "./stills.js";
import { computeTimeline, motionPhases, type Timeline } from "./timeline.js";
import type { ComposedVideo, ComposeScene, ComposeStreamInput, Viewport } from "./types.js";

/**
 * The compositor's one path (index.ts documents what it makes). Everything that needs only the plan —
 * the timeline, the WebVTT file, the narration track, the encoder — starts at once; each scene is drawn
 * as soon as it and the next one are captured, its stills decoding meanwhile, so a render composes
 * while its browser still captures. A scene's captions (placed clear of its target) are drawn by
 * libass once per look (caption-track.ts). Everything is first written under temporary names and
 * renamed into place at the end, so a failed or cancelled run leaves nothing behind.
 */

/**
 * libx264 settings. Measured on 600 composed 1080p frames (2 cores): superfast 6.0 CPU-s, SSIM 0.99922;
 * ultrafast with CABAC, deblocking and 2 B-frames back on 3.9 CPU-s, SSIM 0.99932, files ~1.8× larger
 * (≈ 2.5 Mbit/s for a screen walkthrough). The encoder is most of a render's CPU, so the cheaper one wins.
 * In the whole render benchmark, dropping the B-frames took ffmpeg from 22 to 19 CPU-s and the 60 s render
 * from 28.7 to 24.3 s wall (docs/benchmarks.md, render); CABAC and deblocking stay for quality.
 */
const PRESET = "ultrafast";
const X264_PARAMS = "cabac=1:no-deblock=0:bframes=0";

export function aborted(signal: AbortSignal | undefined): FfmpegError {
  return new FfmpegError("composition was cancelled", "aborted", { binary: "ffmpeg", args: [], cause: signal?.reason });
}

function checkInput(input: Pick<ComposeStreamInput, "output" | "viewport">): void {
  const { width, height } = input.output;
  for (const v of [width, height]) {
    if (!Number.isInteger(v) || v < 16 || v > 8192 || v % 2 !== 0)
      throw new RangeError(`output size must be even integers between 16 and 8192, got ${width}×${height}`);
  }
  const vp = input.viewport;
  if (!(vp.width > 0 && vp.height > 0 && vp.deviceScaleFactor > 0)) throw new RangeError("invalid viewport");
}

async function stillsFor(scene: ComposeScene, loader: StillLoader): Promise<SceneStills> {
  const m = scene.motion;
  const after = loader.load(scene.after);
  const before = scene.before ? loader.load(scene.before) : after;
  const steps =
    m.kind === "type" ? m.steps.map((png) => loader.loadStep(png, scene.before ?? scene.after, m.target)) : [];
  const strip = m.kind === "scroll" ? loader.load(m.strip) : null;
  const clip = loadClip(scene.clip, loader);
  return {
    before: await before,
    after: await after,
    steps: await Promise.all(steps),
    strip: await strip,
    fixedLayer: null,
    clip: await clip,
  };
}

/** Scene i's camera and target: its motion, and whether the camera pans in from i-1 and on to i+1. */
function framingOf(
  scenes: { prev: ComposeScene | null; cur: ComposeScene; next: ComposeScene | null },
  viewport: Viewport,
  room: CaptionRoom,
): SceneFraming {
  const { prev, cur, next } = scenes;
  const window = [prev, cur, next].filter((s): s is ComposeScene => s !== null);
  const link = cameraLinks(window, viewport, room)[prev ? 1 : 0] as ReturnType<typeof cameraLinks>[number];
  return {
    motion: cur.motion,
    phases: withClip(motionPhases(cur.motion, viewport), cur.clip),
    viewport,
    room,
    ...link,
  };
}

/** The narration placed on the timeline, normalised and encoded, ready to mux (ffmpeg processes of its own). */
async function narrationAudio(
  input: ComposeStreamInput,
  timeline: Timeline,
  work: string,
  control: { signal: AbortSignal | undefined; binaries: FfmpegBinaries },
): Promise<string> {
  const segments = input.plan.flatMap((s, i) =>
    s.narration.wavPath
      ? [
          {
            path: s.narration.wavPath,
            startSeconds: (timeline.scenes[i] as Timeline["scenes"][number]).narrationStartSeconds,
          },
        ]
      : [],
  );
  const placed = join(work, "narration-placed.wav");
  const normalised = join(work, "narration.wav");
  const track = join(work, "narration.m4a");
  await concatAudio(segments, timeline.durationSeconds, placed, control);
  // One gain for the whole track: every line at the same level, the video at the web's loudness.
  await normalizeLoudness(placed, normalised, control);
  await narrationTrack(normalised, { frames: timeline.frames, fps: input.fps }, track, control);
  return track;
}

/** Scene i's captions and mark as a track over its frames, or null when nothing is burned in. */
async function sceneCaptions(
  input: ComposeStreamInput,
  timeline: Timeline,
  layout: Layout,
  framing: SceneFraming,
  i: number,
  work: string,
): Promise<CaptionTrack | null> {
  const framings: SceneFraming[] = [];
  framings[i] = framing;
  const ass = assFor(input.plan, timeline, input.style.captions, layout, framings, input.watermark, i);
  if (ass === null) return null;
  const path = join(work, `captions-${i}.ass`);
  await writeFile(path, ass);
  const timing = timeline.scenes[i] as Timeline["scenes"][number];
  return renderCaptionTrack(
    { path, text: ass },
    { ...input.output, fps: input.fps, firstFrame: timing.startFrame, frames: timing.frames },
    { signal: input.signal, binaries: input.binaries },
  );
}

export async function composeStream(input: ComposeStreamInput): Promise<ComposedVideo> {
  const { plan, viewport, output, fps, signal } = input;
  checkInput(input);
  if (signal?.aborted) throw aborted(signal);
  const timeline = computeTimeline(
    plan.map((s) => ({
      beatId: s.beatId,
      motionSeconds: s.motionSeconds,
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
  const control = { signal, binaries: input.binaries };
  let encoder: StreamEncoder | null = null;
  let narration: Promise<string> | null = null;
  const placed: string[] = [];
  try {
    await writeFile(tmp.vtt, webVttFor(plan, timeline));
    const image = {
      width: viewport.width * viewport.deviceScaleFactor,
      height: viewport.height * viewport.deviceScaleFactor,
    };
    const look = input.style.captions;
    const layout = layoutFor(output, image, input.style.backdrop, captionBandHeight(look, output));
    const room = captionRoom(look, layout);
    narration = narrationAudio(input, timeline, work, control);
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
      videoFilter: null,
      out: videoOnly,
      preset: PRESET,
      x264Params: X264_PARAMS,
      ...control,
    });

    const stills = new StillLoader(viewport, layout.card);
    const inFlight = new Map<Buffer, Promise<void>>();
    let cursor: Point = { x: viewport.width * 0.62, y: viewport.height * 0.7 };
    let written = 0;
    let sentLast: Buffer | null = null;
    const scenes = plan.map((_p, i) => input.scene(i));
    for (const s of scenes) s.catch(() => {}); // awaited in order below
    // A scene's stills decode on the thread pool from the moment it is captured, but only one scene
    // ahead of the one drawn: a clip's 45 decoded frames are ~250 MB at 1080p.
    const loading: Promise<SceneStills>[] = [];
    const load = (i: number) => {
      const scene = scenes[i];
      if (!scene || loading[i]) return;
      loading[i] = scene.then((s) => stillsFor(s, stills));
      loading[i].catch(() => {});
    };
    load(0);
    let prev: ComposeScene | null = null;
    for (const [i, timing] of timeline.scenes.entries()) {
      if (signal?.aborted) throw aborted(signal);
      load(i);
      load(i + 1);
      const scene = await (scenes[i] as Promise<ComposeScene>);
      const next = i + 1 < scenes.length ? await (scenes[i + 1] as Promise<ComposeScene>) : null;
      const framing = framingOf({ prev, cur: scene, next }, viewport, room);
      const bound = (plan[i] as ComposeStreamInput["plan"][number]).motionSeconds;
      if (framing.phases.minimum > bound + 1e-9)
        throw new RangeError(`scene ${scene.beatId} needs ${framing.phases.minimum} s of motion, planned ${bound} s`);
      const [sceneStills, overlays] = await Promise.all([
        loading[i] as Promise<SceneStills>,
        sceneCaptions(input, timeline, layout, framing, i, work),
      ]);
      const m = scene.motion;
      const fixedLayer =
        m.kind === "scroll" && m.fixedLayer ? await loadFixedLayer(m.fixedLayer, layout.card, i) : null;
      const motionPlan = {
        ...framing,
        stills: { ...sceneStills, fixedLayer },
        fps,
        frames: timing.frames,
        cursorFrom: cursor,
      };
      for (let f = 0; f < timing.frames; f++) {
        // Writes finish in order, so the last one queued from a buffer says when it is free again.
        await inFlight.get(renderer.nextBuffer());
        const picture = renderer.render(frameSpec(motionPlan, f), overlays?.at(written) ?? null).data;
        // A held picture is not sent again (ffmpeg repeats it), except the video's last frame.
        if (picture !== sentLast || written === timeline.frames - 1) {
          const sent = encoder.write(picture, written);
          sent.catch(() => {}); // awaited later; a failed encoder also rejects `done`
          inFlight.set(picture, sent);
          sentLast = picture;
        }
        if (signal?.aborted) throw aborted(signal);
        written++;
        report(3 + (90 * written) / timeline.frames);
      }
      cursor = cursorEnd(motionPlan);
      prev = scene;
    }
    await Promise.all(inFlight.values());
    await encoder.finish();
    const audioTrack = await narration;
    report(95);

    const first = timeline.scenes[0] as Timeline["scenes"][number];
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
    await rm(work, { recursive: true, force: true });
  }
}
