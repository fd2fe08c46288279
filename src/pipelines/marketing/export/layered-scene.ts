import { randomUUID } from "node:crypto";
import { join } from "node:path";
import sharp from "sharp";
import { FileClip } from "../../../media/compose/layered/clip-window.js";
import { decodeClip } from "../../../media/ffmpeg/decode-clip.js";
import type { RunControl } from "../../../media/ffmpeg/run.js";
import { cutSprites, planesFromImage } from "../../../media/compose/layered/decode.js";
import type { LayeredScene, LayerSprite, WindowScroll } from "../../../media/compose/layered/types.js";
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
const FPS = 30;

export interface SceneInput {
  layers: DrawnLayers;
  frames: number;
  frame: { width: number; height: number };
  orientation: CampaignOrientation;
  first: boolean;
  /** The screenshot the scene shows, when it has one (a tall page is scrolled). */
  screenshot: SceneImage | null;
  /** Walkthrough footage the scene plays in its visual's frame: the video on this machine and the stretch. */
  footage: { video: string; fromSeconds: number; toSeconds: number } | null;
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
  const count = await decodeClip(footage.video, { ...footage, width, height, fps: FPS }, path, input.control);
  if (count === 0) return null;
  return new FileClip({ x, y, width, height }, path, count, layer.entrance?.atFrame ?? 0);
}

async function scrollFor(
  layer: LayerSprite,
  box: { x: number; y: number; width: number; height: number },
  image: SceneImage,
  frames: number,
): Promise<WindowScroll | null> {
  const x = evenUp(box.x - layer.x);
  const y = evenUp(box.y - layer.y + CHROME_PX);
  const width = evenDown(box.x + box.width - layer.x) - x;
  const height = evenDown(box.y + box.height - layer.y) - y;
  if (width < 16 || height < 16) return null;
  const fullHeight = (image.height * width) / image.width;
  const pageRows = evenDown(Math.min(fullHeight, height * MAX_SCROLL_WINDOWS));
  if (pageRows < height * 1.25) return null;
  const entrance = layer.entrance;
  const atFrame = (entrance ? entrance.atFrame + entrance.frames : 0) + 12;
  const available = frames - atFrame - 18;
  if (available < FPS) return null;
  const toY = evenDown(Math.min(pageRows - height, (height * MAX_WINDOWS_PER_SECOND * available) / FPS));
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

export async function layeredScene(input: SceneInput): Promise<LayeredScene> {
  const { frame, layers } = input;
  const [plate, cut] = await Promise.all([
    planesFromImage(layers.plate, frame.width, frame.height),
    cutSprites(layers.sheet, layers.boxes, (b) => marginOf(b.name)),
  ]);
  const sprites: LayerSprite[] = [];
  for (const [i, c] of cut.entries()) {
    // Cut in the boxes' order; the last may be the leftover "rest", which has no box.
    const box = layers.boxes[i] ?? { x: c.x, y: c.y, width: frame.width, height: frame.height };
    const layer: LayerSprite = {
      name: c.name,
      sprite: c.sprite,
      x: c.x,
      y: c.y,
      entrance: entranceFor(c.name, box, frame, input.orientation, input.first),
    };
    if (c.name === "visual" && input.screenshot) {
      const scroll = await scrollFor(layer, box, input.screenshot, input.frames);
      if (scroll) layer.inside = scroll;
    } else if (c.name === "visual" && input.footage) {
      const clip = await clipFor(layer, box, input.footage, input);
      if (clip) layer.inside = clip;
    }
    sprites.push(layer);
  }
  return { frames: input.frames, plate, sprites, crossfadeFrames: input.first ? 0 : CROSSFADE_FRAMES };
}
