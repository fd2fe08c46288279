import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileClip } from "../../../media/compose/layered/clip-window.js";
import { composeLayered, loadingEarly } from "../../../media/compose/layered/compose-layered.js";
import { PIXEL_LOOPS } from "../../../media/compose/layered/pixels.js";
import type { LayeredScene } from "../../../media/compose/layered/types.js";
import { GIF_FPS } from "../../../media/ffmpeg/encode-gif.js";
import { TtsUnavailableError } from "../../../media/tts/engine.js";
import { getStored } from "../../../storage/storage.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../run.js";
import type { CampaignDocument } from "../campaign/document.js";
import { sceneSpecs } from "../layout/scene-specs.js";
import { sourceImages } from "../layout/source-images.js";
import { resolveSceneFonts } from "../scenes/fonts.js";
import { SCENE_FRAMES } from "../scenes/frame.js";
import type { SourceManifest } from "../source/manifest.js";
import { burnedCues, type LineTiming, vttCues } from "./captions.js";
import type { ExportDeps } from "./deps.js";
import { drawScenesInOrder, type SceneDrawing } from "./drawing.js";
import type { ExportInput } from "./export-input.js";
import { decodedCache } from "./layer-cache.js";
import { layeredScene } from "./layered-scene.js";
import { type SpokenLine, speakLines } from "./narration.js";
import { writeExportQuality } from "./quality.js";
import { mixExportSound, prepareBed } from "./soundtrack.js";
import { capSpans, EXPORT_FPS, narrationStarts, sceneSpans } from "./timeline.js";

const describe = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/**
 * marketing.export: a revision made into the file a user posts. Chromium draws each visible scene's
 * layers once (the previews' templates: plate, sprites and their boxes; cached by content), the voice
 * speaks the lines at the revision's speed, the compositor moves the sprites over the plates on the one
 * clock and the encoder codes each changed picture once; captions and the free-tier mark are burned in.
 * Charges the video's real length.
 */
export async function exportCampaign(run: PipelineRun<ExportInput>, deps: ExportDeps): Promise<PipelineOutput> {
  const { id, input, signal } = run;
  const started = deps.clock.now();
  const dir = await mkdtemp(join(tmpdir(), `cw-export-${id.slice(-8)}-`));
  let drawing: SceneDrawing | null = null;
  // What each scene held once composed (for the report), and the clips it played (closed at the end):
  // the scenes themselves are let go of as the compositor moves on.
  const motion = { scenes: 0, crossfades: 0, scrolls: 0, entrances: 0 };
  const clips: FileClip[] = [];
  try {
    await run.progress("reading the source", 2);
    const manifest = await readManifest(deps, input);
    const document: CampaignDocument = {
      ...input.document,
      export: { ...input.document.export, orientation: input.orientation },
    };
    const frame = SCENE_FRAMES[input.orientation];
    // A GIF is composed at its own small size and rate; the other formats at the frame's.
    const output = { width: input.width, height: input.height };
    const fps = input.format === "gif" ? GIF_FPS : EXPORT_FPS;
    const scale = output.width / frame.width;
    const safe = frame.safe;
    const captionFrame = {
      ...output,
      safe: { top: safe.top * scale, right: safe.right * scale, bottom: safe.bottom * scale, left: safe.left * scale },
    };
    const fonts = await resolveSceneFonts(deps.fonts, document.style.fonts);
    const images = sourceImages(manifest, input.source.files, (key) => deps.storage.get(key));
    const specs = await sceneSpecs(document, fonts, images.read, () => images.poster());
    if (specs.length === 0) throw new PipelineFailure("storyboard_empty", "The revision shows no scene.");
    const missing = specs.find(
      (s) => (s.scene.visual.type === "screenshot" || s.scene.visual.type === "image") && !s.assets.visual,
    );
    if (missing)
      throw new PipelineFailure(
        "source_unreadable",
        `The picture of scene ${missing.scene.id} is no longer in the source version.`,
      );
    // The story's own clock, cut at the export's length (shorter only under the free tier's cap).
    const spans = capSpans(
      sceneSpans(
        specs.map((s) => s.scene.seconds),
        document.export.seconds,
        fps,
      ),
      input.seconds,
      fps,
    );
    specs.splice(spans.length);

    await run.checkpoint();
    await run.progress("speaking", 6);
    const control = { signal, binaries: deps.ffmpeg };
    // Speech and the music bed run in their own processes while Chromium draws.
    const speaking = speak(
      deps,
      input,
      specs.map((s) => s.scene.narration),
      dir,
      signal,
    );
    speaking.catch(() => undefined);
    const bed =
      input.format === "gif"
        ? Promise.resolve(null)
        : prepareBed(document.sound, input.seconds, dir, deps.storage, control);
    bed.catch(() => undefined);

    await run.progress("drawing the scenes", 10);
    const footage = await footageFiles(deps, input, dir);
    // Chromium draws in the background; composing starts with the first scene drawn (and the voice done).
    let composing = false;
    drawing = drawScenesInOrder(specs, deps, run, async (count) => {
      if (!composing) await run.progress("drawing the scenes", 10 + Math.round((25 * count) / specs.length));
    });
    const drawn = drawing;

    const pending = specs.map((spec, i) => {
      const frames = (spans[i] as (typeof spans)[number]).frames;
      const v = spec.scene.visual;
      return {
        frames,
        load: async (): Promise<LayeredScene> => {
          const scene = await layeredScene({
            layers: (await drawn.scene(i)).layers,
            decoded: decodedCache(deps.storage, (await drawn.scene(i)).hash, output),
            frames,
            frame,
            output,
            fps,
            orientation: input.orientation,
            first: i === 0,
            screenshot: v.type === "screenshot" ? (spec.assets.visual ?? null) : null,
            footage:
              v.type === "footage"
                ? { video: footage.get(v.renderId) as string, fromSeconds: v.fromSeconds, toSeconds: v.toSeconds }
                : null,
            workDir: dir,
            control,
          });
          motion.scenes++;
          if (scene.crossfadeFrames > 0) motion.crossfades++;
          for (const sprite of scene.sprites) {
            if (sprite.entrance) motion.entrances++;
            if (sprite.inside?.kind === "scroll") motion.scrolls++;
            if (sprite.inside instanceof FileClip) clips.push(sprite.inside);
          }
          return scene;
        },
      };
    });
    // The first scene is decoded while the voice finishes (a cold export waits for it before composing).
    const scenes = loadingEarly(pending, 1);

    const lines = await speaking;
    const starts = narrationStarts(
      spans,
      lines.map((l) => l.seconds),
    );
    const timings: LineTiming[] = lines.map((l, i) => ({
      text: l.text,
      startSeconds: starts[i] as number,
      seconds: l.seconds,
      latestEndSeconds: Math.max(
        (spans[i] as (typeof spans)[number]).endSeconds,
        Math.min(starts[i + 1] ?? input.seconds, input.seconds),
      ),
    }));
    await run.checkpoint();
    // A GIF is silent; its captions still follow the voice's timing. The mix runs while the frames are drawn.
    const sound =
      input.format === "gif"
        ? Promise.resolve(null)
        : bed.then((b) =>
            mixExportSound(
              document.sound,
              lines.map((l, i) => ({ wavPath: l.wavPath, startSeconds: starts[i] as number })),
              input.seconds,
              b,
              dir,
              deps.storage,
              control,
            ),
          );
    sound.catch(() => undefined);

    composing = true;
    await run.progress("composing", 40);
    const look = document.style.captions.enabled ? input.captions : null;
    const first = spans[0] as (typeof spans)[number];
    const composed = await composeLayered({
      format: input.format,
      scenes,
      width: output.width,
      height: output.height,
      fps,
      captions: look ? { look, cues: burnedCues(timings, look, captionFrame) } : null,
      vtt: vttCues(timings),
      watermark: input.watermark,
      audio: sound,
      // The first scene settled, before its words are captioned.
      posterSeconds: Math.min(first.endSeconds - 0.1, 1.6),
      outDir: join(dir, "out"),
      binaries: deps.ffmpeg,
      signal,
      onProgress: (pct) => void run.progress("composing", 40 + Math.round(pct * 0.55)).catch(() => undefined),
    });
    await drawn.done;
    const exportSeconds = (deps.clock.now().getTime() - started.getTime()) / 1000;

    await run.progress("measuring", 96);
    // The files are stored while the video is measured; the report follows them.
    type Artifact = PipelineOutput["artifacts"][number];
    const store = async (type: Artifact["type"], path: string, name: string): Promise<Artifact> => ({
      type,
      ...(await deps.storage.putFile(`jobs/${id}/${name}`, path)),
    });
    const storing = Promise.all([
      store("video", composed.video.path, `video.${input.format}`),
      store("poster", composed.poster.path, "poster.jpg"),
      store("captions", composed.captions.path, "captions.vtt"),
    ]);
    storing.catch(() => undefined); // awaited below, after the report
    const quality = await writeExportQuality(
      { video: composed.video.path, captions: composed.captions.path },
      {
        format: input.format,
        fps,
        plannedFrames: composed.frames,
        spokenSeconds: lines.reduce((n, l) => n + (l.wavPath ? l.seconds : 0), 0),
        speaks: lines.some((l) => l.wavPath),
        motion: { ...motion, drawnPictures: composed.drawnPictures },
        cachedScenes: drawn.cached,
        exportSeconds,
        pixelLoops: PIXEL_LOOPS,
      },
      join(dir, "out"),
      control,
    );

    await run.progress("saving", 98);
    const artifacts = [...(await storing), await store("quality_report", quality.path, "quality.json")];
    return {
      artifacts,
      durationSeconds: composed.durationSeconds,
      chargeSeconds: Math.ceil(composed.durationSeconds - 1e-9),
    };
  } catch (err) {
    if (err instanceof PipelineFailure || signal.aborted) throw err;
    if (err instanceof TtsUnavailableError)
      throw new PipelineFailure("tts_unavailable", describe(err).slice(0, 300), true);
    throw new PipelineFailure("internal_error", `exporting failed: ${describe(err)}`.slice(0, 300), true);
  } finally {
    for (const clip of clips) clip.close();
    (drawing as SceneDrawing | null)?.stop();
    await (drawing as SceneDrawing | null)?.done.catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The walkthrough videos the scenes play, copied to this machine once each. */
async function footageFiles(deps: ExportDeps, input: ExportInput, dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const scene of input.document.story.scenes) {
    const v = scene.visual;
    if (scene.hidden || v.type !== "footage" || files.has(v.renderId)) continue;
    const key = input.footage[v.renderId]?.videoKey;
    const bytes = key ? await getStored(deps.storage, key) : null;
    if (!bytes)
      throw new PipelineFailure(
        "source_unreadable",
        `The walkthrough video scene ${scene.id} plays is no longer stored.`,
      );
    const path = join(dir, `footage-${files.size + 1}.mp4`);
    await writeFile(path, bytes);
    files.set(v.renderId, path);
  }
  return files;
}

async function readManifest(deps: ExportDeps, input: ExportInput): Promise<SourceManifest> {
  const file = input.source.files.find((f) => f.type === "source");
  const bytes = file && (await getStored(deps.storage, file.key));
  if (!bytes) throw new PipelineFailure("source_unreadable", "The source version's files are gone.");
  return JSON.parse(bytes.toString("utf8")) as SourceManifest;
}

/** The lines as the revision's voice says them; none when the audio mode speaks nothing. */
async function speak(
  deps: ExportDeps,
  input: ExportInput,
  lines: string[],
  dir: string,
  signal: AbortSignal,
): Promise<SpokenLine[]> {
  const mode = input.document.sound.audioMode;
  const speaks = mode === "voice_and_music" || mode === "voice_only";
  if (!speaks || !input.voice) return lines.map((text) => ({ text: text.trim(), wavPath: null, seconds: 0 }));
  const engine = deps.tts.engineFor(input.voice.engine);
  if (!engine) throw new PipelineFailure("tts_unavailable", "The voice's engine is not installed.", true);
  const voiceDir = join(dir, "voice");
  await mkdir(voiceDir, { recursive: true });
  return speakLines({
    engine,
    voice: input.voice,
    lines,
    language: input.language,
    speed: input.document.sound.speed,
    dir: voiceDir,
    storage: deps.storage,
    control: { signal, binaries: deps.ffmpeg },
  });
}
