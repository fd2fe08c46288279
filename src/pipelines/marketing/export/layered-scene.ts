import { randomUUID } from "node:crypto";
import { join } from "node:path";
import sharp from "sharp";
import { FileClip } from "../../../media/compose/layered/clip-window.js";
import { type Box, cutSprites, planesFromImage } from "../../../media/compose/layered/decode.js";
import type { DecodedLayers } from "../../../media/compose/layered/pack.js";
import type { LayeredScene, LayerSprite, WindowScroll } from "../../../media/compose/layered/types.js";
import { decodeClip } from "../../../media/ffmpeg/decode-clip.js";
import type { RunControl } from "../../../media/ffmpeg/run.js";
import type { CampaignOrientation } from "../campaign/document.js";
import type { SceneImage } from "../scenes/types.js";
import { CROSSFADE_FRAMES, entranceFor } from "./choreography.js";
import type { DrawnLayers } from "./layer-cache.js";

/**
 * A scene's drawn layers made a layered scene for the compositor: the plate decoded, the sheet cut into
 * its sprites, each with its entrance, and a tall screenshot scrolled inside its window.
 */

/** The screenshot's browser bar above the page (the templates' --chrome). */
const CHROME_PX = 44;
/** Room a sprite's pixels may take beyond its box: the visual's shadow, a glyph's overhang. */
const marginOf = (name: string) => (name === "visual" ? 110 : name === "cta" ? 40 : 12);
/** A scroll shows at most this many windows of the page, at most half a window a second. */
const MAX_SCROLL_WINDOWS = 3;
const MAX_WINDOWS_PER_SECOND = 0.5;
/** The rate the choreography is written at. */
const DESIGN_FPS = 30;

export interface SceneInput {
  layers: DrawnLayers;
  frames: number;
  /** The frame the layers were drawn at (1080p). */
  frame: { width: number; height: number };
  /** The picture composed: the frame's size, or a GIF's smaller one (the layers are scaled down to it). */
  output: { width: number; height: number };
  fps: number;
  orientation: CampaignOrientation;
  first: boolean;
  /** The screenshot the scene shows, when it has one (a tall page is scrolled). */
  screenshot: SceneImage | null;
  /** Walkthrough footage the scene plays in its visual's frame: the video on this machine and the stretch. */
  footage: { video: string; fromSeconds: number; toSeconds: number } | null;
  /** The scene's decoded layers kept from an export before (by the layers' hash and the output's size). */
  decoded: { take(): Promise<DecodedLayers | null>; keep(decoded: DecodedLayers): Promise<void> };
  /** Where a clip's decoded pictures are written. */
  workDir: string;
  control: RunControl;
}

const evenDown = (v: number) => Math.floor(v / 2) * 2;
const evenUp = (v: number) => Math.ceil(v / 2) * 2;

/** The footage decoded to the visual's frame, starting as the visual arrives. */
async function clipFor(
  layer: LayerSprite,
  box: { x: number; y: number; width: number; height: number },
  footage: NonNullable<SceneInput["footage"]>,
  input: SceneInput,
): Promise<FileClip | null> {
  const x = evenUp(box.x - layer.x);
  const y = evenUp(box.y - layer.y);
  const width = evenDown(box.x + box.width - layer.x) - x;
  const height = evenDown(box.y + box.height - layer.y) - y;
  if (width < 16 || height < 16) return null;
  const path = join(input.workDir, `clip-${randomUUID()}.yuv`);
  const count = await decodeClip(footage.video, { ...footage, width, height, fps: input.fps }, path, input.control);
  if (count === 0) return null;
  return new FileClip({ x, y, width, height }, path, count, layer.entrance?.atFrame ?? 0);
}

async function scrollFor(
  layer: LayerSprite,
  box: { x: number; y: number; width: number; height: number },
  image: SceneImage,
  input: SceneInput,
): Promise<WindowScroll | null> {
  const scale = input.output.width / input.frame.width;
  const { frames, fps } = input;
  const x = evenUp(box.x - layer.x);
  const y = evenUp(box.y - layer.y + CHROME_PX * scale);
  const width = evenDown(box.x + box.width - layer.x) - x;
  const height = evenDown(box.y + box.height - layer.y) - y;
  if (width < 16 || height < 16) return null;
  const fullHeight = (image.height * width) / image.width;
  const pageRows = evenDown(Math.min(fullHeight, height * MAX_SCROLL_WINDOWS));
  if (pageRows < height * 1.25) return null;
  const entrance = layer.entrance;
  const atFrame = (entrance ? entrance.atFrame + entrance.frames : 0) + Math.round(fps * 0.4);
  const available = frames - atFrame - Math.round(fps * 0.6);
  if (available < fps) return null;
  const toY = evenDown(Math.min(pageRows - height, (height * MAX_WINDOWS_PER_SECOND * available) / fps));
  if (toY < 8) return null;
  const page = await sharp(image.file)
    .resize({ width, kernel: "lanczos3" })
    .extract({ left: 0, top: 0, width, height: pageRows })
    .png()
    .toBuffer();
  return {
    kind: "scroll",
    window: { x, y, width, height },
    picture: await planesFromImage(page, width, pageRows),
    fromY: 0,
    toY,
    atFrame,
    frames: available,
  };
}

/** The boxes at the output's size (a GIF's layers are drawn at 1080p and scaled down once). */
function scaledBoxes(input: SceneInput): { boxes: Box[]; scale: number } {
  const { layers, frame, output } = input;
  const scale = output.width / frame.width;
  if (scale === 1) return { boxes: layers.boxes, scale };
  const boxes = layers.boxes.map((b) => ({
    name: b.name,
    x: Math.floor(b.x * scale),
    y: Math.floor(b.y * scale),
    width: Math.ceil(b.width * scale),
    height: Math.ceil(b.height * scale),
  }));
  return { boxes, scale };
}

/** The plate decoded and the sheet cut into sprites, at the output's size. */
async function decodeLayers(input: SceneInput, scaled: { boxes: Box[]; scale: number }): Promise<DecodedLayers> {
  const { layers, output } = input;
  const sheet =
    scaled.scale === 1
      ? layers.sheet
      : await sharp(layers.sheet)
          .resize(output.width, output.height, { fit: "fill", kernel: "lanczos3" })
          .png({ compressionLevel: 0 })
          .toBuffer();
  const [plate, sprites] = await Promise.all([
    planesFromImage(layers.plate, output.width, output.height),
    cutSprites(sheet, scaled.boxes, (b) => marginOf(b.name) * scaled.scale),
  ]);
  return { plate, sprites };
}

export async function layeredScene(input: SceneInput): Promise<LayeredScene> {
  const { output, fps } = input;
  const scaled = scaledBoxes(input);
  // Decoded once per scene and size: the cache gives back exactly the bytes decoding gave.
  let decoded = await input.decoded.take();
  if (!decoded) {
    decoded = await decodeLayers(input, scaled);
    await input.decoded.keep(decoded);
  }
  const { plate, sprites: cut } = decoded;
  const time = (designFrames: number) => Math.round((designFrames * fps) / DESIGN_FPS);
  const sprites: LayerSprite[] = [];
  for (const [i, c] of cut.entries()) {
    // Cut in the boxes' order; the last may be the leftover "rest", which has no box.
    const box = scaled.boxes[i] ?? { x: c.x, y: c.y, width: output.width, height: output.height };
    // Choreography is written in the 1080p frame's pixels and 30 fps, and scaled to the output here.
    const designBox = input.layers.boxes[i] ?? { x: 0, y: 0, width: input.frame.width, height: input.frame.height };
    const plan = entranceFor(c.name, designBox, input.frame, input.orientation, input.first);
    const layer: LayerSprite = {
      name: c.name,
      sprite: c.sprite,
      x: c.x,
      y: c.y,
      entrance: plan && {
        atFrame: time(plan.atFrame),
        frames: Math.max(1, time(plan.frames)),
        dx: Math.round(plan.dx * scaled.scale),
        dy: Math.round(plan.dy * scaled.scale),
        fade: plan.fade,
      },
    };
    if (c.name === "visual" && input.screenshot) {
      const scroll = await scrollFor(layer, box, input.screenshot, input);
      if (scroll) layer.inside = scroll;
    } else if (c.name === "visual" && input.footage) {
      const clip = await clipFor(layer, box, input.footage, input);
      if (clip) layer.inside = clip;
    }
    sprites.push(layer);
  }
  return { frames: input.frames, plate, sprites, crossfadeFrames: input.first ? 0 : time(CROSSFADE_FRAMES) };
}
