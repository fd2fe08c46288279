import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { iso } from "../../../clock.js";
import { probe } from "../../../media/ffmpeg/probe.js";
import { parseVtt, type VttCue } from "../../../media/quality/caption-figures.js";
import { getStored } from "../../../storage/storage.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../run.js";
import type { InspectionDeps } from "../deps.js";
import type { InspectionInput } from "../input.js";
import { BLOCK_TEXT_CAP, MAX_BLOCKS } from "../source/copy-types.js";
import {
  INSPECTOR_VERSION,
  isDegraded,
  MANIFEST_SCHEMA_ID,
  type ManifestCopyBlock,
  type ManifestWarning,
  type SourceManifest,
} from "../source/manifest.js";
import { VersionFiles } from "../source/store-version.js";
import { cutAtSentence, normaliseSpace } from "../source/text.js";
import { paletteFromImages } from "./render-palette.js";
import { beatStills, MAX_STILLS, type StillAt, sceneChangeStills, scenesOf, takeStill } from "./render-stills.js";

type RenderInput = Extract<InspectionInput, { kind: "render" }>;

/** A stored file of the render; gone means the render's retention ended after the source was created. */
async function renderFile(deps: InspectionDeps, key: string): Promise<Buffer> {
  try {
    return await deps.storage.get(key);
  } catch {
    throw new PipelineFailure("source_unreadable", "the render's files are no longer retained", false);
  }
}

const imageType = (data: Buffer): string =>
  data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? "image/png"
    : "image/jpeg";

/** The site's name from its host ("app.meridian-ops.com" → "Meridian Ops"); null for an IP address. */
export function nameFromHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  if (/^[\d.]+$|^\[|:/.test(host) || host === "localhost") return null;
  const labels = host.split(".").filter((l) => l !== "www" && l !== "app");
  const label = labels.length > 1 ? labels[labels.length - 2] : labels[0];
  if (!label) return null;
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(" ")
    .slice(0, 200);
}

/**
 * The narration as `step` blocks: one per beat when the scenes are known (the cues spoken during it),
 * else one per sentence run of cues.
 */
export function narrationSteps(cues: readonly VttCue[], scenes: ReturnType<typeof scenesOf>): ManifestCopyBlock[] {
  const groups: string[][] = [];
  if (scenes.length > 0) {
    for (const scene of scenes) {
      const lines = cues
        .filter((c) => {
          const mid = (c.start + c.end) / 2;
          return mid >= scene.startSeconds && mid < scene.endSeconds;
        })
        .flatMap((c) => c.lines);
      if (lines.length > 0) groups.push(lines);
    }
  } else {
    let current: string[] = [];
    for (const cue of cues) {
      current.push(...cue.lines);
      if (/[.!?…]["')\]]?$/.test(cue.lines.join(" ").trim())) {
        groups.push(current);
        current = [];
      }
    }
    if (current.length > 0) groups.push(current);
  }
  return groups
    .map((lines) => cutAtSentence(normaliseSpace(lines.join(" ")), BLOCK_TEXT_CAP).text)
    .filter((text) => text.length > 0)
    .slice(0, MAX_BLOCKS)
    .map((text, order) => ({ id: `copy-${order + 1}`, kind: "step" as const, text, page: null, order }));
}

/**
 * A render source (decision 0025): no browser. The render's video, poster and captions are copied into
 * the version's own prefix (it must outlive the render's retention and never change), a still is taken
 * per beat, the narration becomes `step` copy and the palette is quantised from the stills.
 */
export async function renderSource(run: PipelineRun<RenderInput>, deps: InspectionDeps): Promise<PipelineOutput> {
  const { input, progress, checkpoint, signal } = run;
  await progress("opening", 0);
  const files = VersionFiles.of(deps.storage, input.sourceId, input.version);
  const dir = await mkdtemp(join(tmpdir(), `cw-source-${input.sourceId.slice(-8)}-`));
  try {
    const videoPath = join(dir, "video.mp4");
    await writeFile(videoPath, await renderFile(deps, input.files.video));
    const probed = await probe(videoPath, { binaries: deps.ffmpeg, signal }).catch(() => {
      throw new PipelineFailure("source_unreadable", "the render's video could not be read", false);
    });
    const duration = probed.durationSeconds;
    await files.add(
      "video",
      { path: videoPath },
      {
        contentType: "video/mp4",
        width: probed.video?.width ?? null,
        height: probed.video?.height ?? null,
        from: "render",
      },
    );
    const poster = await renderFile(deps, input.files.poster);
    const posterMeta = await sharp(poster)
      .metadata()
      .catch(() => ({ width: undefined, height: undefined }));
    await files.add("poster", poster, {
      contentType: imageType(poster),
      width: posterMeta.width ?? null,
      height: posterMeta.height ?? null,
      from: "render",
    });
    let cues: VttCue[] = [];
    if (input.files.captions) {
      const captions = await renderFile(deps, input.files.captions);
      cues = parseVtt(captions.toString("utf8").slice(0, 1_000_000));
      await files.add("captions", captions, { contentType: "text/vtt", from: "render" });
    }
    let scenes: ReturnType<typeof scenesOf> = [];
    if (input.files.quality) {
      const report = await getStored(deps.storage, input.files.quality);
      try {
        scenes = report ? scenesOf(JSON.parse(report.toString("utf8"))) : [];
      } catch {
        scenes = [];
      }
    }

    await checkpoint();
    await progress("extracting", 30);
    const times: StillAt[] =
      scenes.length > 0
        ? beatStills(scenes).filter((s) => s.seconds < duration)
        : await sceneChangeStills(videoPath, duration, { binaries: deps.ffmpeg, signal });
    const stills: Buffer[] = [];
    for (const [i, at] of times.slice(0, Math.max(MAX_STILLS, scenes.length)).entries()) {
      await checkpoint();
      const out = join(dir, `still-${i + 1}.jpg`);
      await takeStill(videoPath, at.seconds, out, { binaries: deps.ffmpeg, signal });
      const meta = await sharp(out).metadata();
      stills.push(await sharp(out).toBuffer());
      await files.add(
        "still",
        { path: out },
        {
          contentType: "image/jpeg",
          width: meta.width ?? null,
          height: meta.height ?? null,
          from: at.beatId ? `beat:${at.beatId}`.slice(0, 60) : "scene",
        },
      );
      await progress("extracting", 30 + Math.round((50 * (i + 1)) / times.length));
    }

    await checkpoint();
    await progress("saving", 90);
    const copy = narrationSteps(cues, scenes);
    const palette = await paletteFromImages(stills);
    // A render has no logo to find: the warning says so, and it does not make the version degraded.
    const warnings: ManifestWarning[] = [{ code: "no_logo", message: "a render source has no logo" }];
    const origin = new URL(input.url).origin;
    const manifest: SourceManifest = {
      schema: MANIFEST_SCHEMA_ID,
      scanner: INSPECTOR_VERSION,
      sourceId: input.sourceId,
      version: input.version,
      previousVersion: null,
      kind: "render",
      url: input.url,
      finalUrl: input.url,
      origin,
      renderId: input.renderId,
      createdAt: iso(deps.clock.now()),
      degraded: isDegraded(warnings, ["no_logo"]),
      pages: [],
      brand: {
        name: nameFromHost(input.url),
        tagline: null,
        description: null,
        language: null,
        themeColor: null,
        logo: null,
        suggestedColors: palette.suggestedColors,
      },
      palette: palette.colours,
      fonts: [],
      copy,
      claims: [],
      assets: files.assets,
      warnings,
    };
    return await files.finish(manifest);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
