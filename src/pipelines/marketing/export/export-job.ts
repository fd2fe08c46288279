import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { BrowserSession } from "../../../media/browser/index.js";
import { composeLayered } from "../../../media/compose/layered/compose-layered.js";
import type { LayeredScene } from "../../../media/compose/layered/types.js";
import { TtsUnavailableError } from "../../../media/tts/engine.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../run.js";
import type { CampaignDocument } from "../campaign/document.js";
import { sceneSpecs } from "../layout/scene-specs.js";
import { sourceImages } from "../layout/source-images.js";
import { openScenePage } from "../scenes/draw.js";
import { resolveSceneFonts } from "../scenes/fonts.js";
import { SCENE_FRAMES } from "../scenes/frame.js";
import type { SourceManifest } from "../source/manifest.js";
import { burnedCues, type LineTiming, vttCues } from "./captions.js";
import type { ExportDeps } from "./deps.js";
import type { ExportInput } from "./export-input.js";
import { layeredScene } from "./layered-scene.js";
import { type SpokenLine, speakLines } from "./narration.js";
import { sceneLayers } from "./scene-layers.js";
import { mixExportSound } from "./soundtrack.js";
import { EXPORT_FPS, narrationStarts, sceneSpans } from "./timeline.js";

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
  let session: BrowserSession | null = null;
  try {
    await run.progress("reading the source", 2);
    const manifest = await readManifest(deps, input);
    const document: CampaignDocument = {
      ...input.document,
      export: { ...input.document.export, orientation: input.orientation },
    };
    const frame = SCENE_FRAMES[input.orientation];
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
    const spans = sceneSpans(
      specs.map((s) => s.scene.seconds),
      input.seconds,
    );

    await run.checkpoint();
    await run.progress("speaking", 6);
    const speaking = speak(
      deps,
      input,
      specs.map((s) => s.scene.narration),
      dir,
    );
    speaking.catch(() => undefined);

    await run.progress("drawing the scenes", 10);
    const opened: { page: Page | null } = { page: null };
    const page = async () => {
      if (!opened.page) {
        session = await openScenePage(deps.browser);
        opened.page = session.page;
      }
      return opened.page;
    };
    const scenes: LayeredScene[] = [];
    let cachedScenes = 0;
    for (const [i, spec] of specs.entries()) {
      await run.checkpoint();
      const drawn = await sceneLayers(page, deps.storage, spec, signal);
      if (drawn.cached) cachedScenes++;
      const v = spec.scene.visual;
      scenes.push(
        await layeredScene({
          layers: drawn.layers,
          frames: (spans[i] as (typeof spans)[number]).frames,
          frame,
          orientation: input.orientation,
          first: i === 0,
          screenshot: v.type === "screenshot" ? (spec.assets.visual ?? null) : null,
        }),
      );
      await run.progress("drawing the scenes", 10 + Math.round((25 * (i + 1)) / specs.length));
    }
    if (session) await (session as BrowserSession).close();
    session = null;

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
    await run.progress("mixing the sound", 38);
    const control = { signal, binaries: deps.ffmpeg };
    const sound = await mixExportSound(
      lines.map((l, i) => ({ wavPath: l.wavPath, startSeconds: starts[i] as number })),
      input.seconds,
      dir,
      control,
    );

    await run.checkpoint();
    await run.progress("composing", 40);
    if (input.format !== "mp4")
      throw new PipelineFailure("unsupported_format", `The ${input.format} encoder is not installed yet.`);
    const look = document.style.captions.enabled ? input.captions : null;
    const first = spans[0] as (typeof spans)[number];
    const composed = await composeLayered({
      scenes,
      width: frame.width,
      height: frame.height,
      fps: EXPORT_FPS,
      captions: look ? { look, cues: burnedCues(timings, look, frame) } : null,
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
    const renderSeconds = (deps.clock.now().getTime() - started.getTime()) / 1000;
    run.warn?.("export composed", { renderSeconds, cachedScenes, drawnPictures: composed.drawnPictures });

    await run.progress("saving", 97);
    const artifacts: PipelineOutput["artifacts"] = [];
    for (const [type, file, name] of [
      ["video", composed.video, `video.${input.format}`],
      ["poster", composed.poster, "poster.jpg"],
      ["captions", composed.captions, "captions.vtt"],
    ] as const) {
      const stored = await deps.storage.putFile(`jobs/${id}/${name}`, file.path);
      artifacts.push({ type, ...stored });
    }
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
    if (session) await (session as BrowserSession).close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

async function readManifest(deps: ExportDeps, input: ExportInput): Promise<SourceManifest> {
  const file = input.source.files.find((f) => f.type === "source");
  const bytes = file && (await deps.storage.get(file.key).catch(() => null));
  if (!bytes) throw new PipelineFailure("source_unreadable", "The source version's files are gone.");
  return JSON.parse(bytes.toString("utf8")) as SourceManifest;
}

/** The lines as the revision's voice says them; none when the audio mode speaks nothing. */
async function speak(deps: ExportDeps, input: ExportInput, lines: string[], dir: string): Promise<SpokenLine[]> {
  const mode = input.document.sound.audioMode;
  const speaks = mode === "voice_and_music" || mode === "voice_only";
  if (!speaks || !input.voice) return lines.map((text) => ({ text: text.trim(), wavPath: null, seconds: 0 }));
  const engine = deps.tts.engineFor(input.voice.engine);
  if (!engine) throw new PipelineFailure("tts_unavailable", "The voice's engine is not installed.", true);
  const voiceDir = join(dir, "voice");
  await mkdir(voiceDir, { recursive: true });
  return speakLines(engine, input.voice, lines, input.language, voiceDir, deps.storage);
}
