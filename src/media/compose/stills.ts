import sharp, { type Sharp } from "sharp";
import { createPlanes, type Planes } from "./canvas.js";
import { type MipSource, mipSource } from "./resample.js";
import type { Box, Viewport } from "./types.js";

/**
 * Stills ready to sample: decoded once, converted to YUV once, with their scale to CSS px. Decoding,
 * compositing over white and the colour conversion run natively (libvips, through sharp) on libuv's
 * thread pool, so the next scene's stills are decoded while this one is encoded. A typing step may be a
 * whole viewport or just the field: a smaller image is pasted over `before` at the field's box.
 */

export interface Still {
  id: number;
  src: MipSource;
  /**
   * The whole still already at the card's size (libvips' Lanczos reduction, sharper than bilinear), for
   * frames that show the whole viewport: those copy it instead of resampling. Null for a scroll strip.
   */
  fitted?: Planes | null;
  /**
   * A scroll strip at the card's width (Lanczos, like `fitted`): a scroll frame shows whole rows of it,
   * so it is drawn by blending two rows per output row instead of resampling (resample.ts drawRows).
   * Null for a viewport-sized still.
   */
  cardWide?: Planes | null;
  /** Image pixels per CSS px. */
  scale: number;
  /** Size in CSS px. */
  cssWidth: number;
  cssHeight: number;
}

/**
 * BT.709 limited range (the encoder tags the stream so), the same matrix as canvas.ts rgbToYuv. The
 * offsets carry +0.5 because libvips truncates when it casts back to 8 bits.
 */
const RGB_TO_YCBCR: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.1826, 0.6142, 0.062],
  [-0.1006, -0.3386, 0.4392],
  [0.4392, -0.3989, -0.0403],
];
const YCBCR_OFFSET = [16.5, 128.5, 128.5];

/**
 * Interleaved 8-bit YCbCr → I420 planes, natively: libvips copies out the luma and box-averages the
 * chroma to half size on the thread pool (this loop in JS cost ~20 ms a 1080p still on the main thread,
 * the one the compositor draws on); only the half-size chroma is split into its planes here. Odd sizes
 * are padded by repeating the last row/column.
 */
async function toPlanes(ycc: Buffer, width: number, height: number): Promise<Planes> {
  const w = width + (width % 2);
  const h = height + (height % 2);
  let pixels = ycc;
  if (w !== width || h !== height)
    pixels = await sharp(ycc, { raw: { width, height, channels: 3 } })
      .extend({ right: w - width, bottom: h - height, extendWith: "copy" })
      .raw()
      .toBuffer();
  // Separate instances over the same buffer, not sharp's clone(): cloning copies a raw input in JS (it
  // cost more than the conversion it replaces). Each plane comes out of libvips on its own, so the
  // main thread only copies.
  const raw = { raw: { width: w, height: h, channels: 3 as const } };
  const half = (channel: 1 | 2) =>
    sharp(pixels, raw)
      .resize(w / 2, h / 2, { kernel: "linear" })
      .extractChannel(channel)
      .raw()
      .toBuffer();
  const [luma, u, v] = await Promise.all([sharp(pixels, raw).extractChannel(0).raw().toBuffer(), half(1), half(2)]);
  const p = createPlanes(w, h);
  p.y.set(luma);
  p.u.set(u);
  p.v.set(v);
  return p;
}

async function convert(image: Sharp, fitTo: Size | null): Promise<{ planes: Planes; fitted: Planes | null }> {
  const { data, info } = await image
    .flatten({ background: "#ffffff" })
    .recomb(RGB_TO_YCBCR)
    .linear([1, 1, 1], YCBCR_OFFSET)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const planes = await toPlanes(data, info.width, info.height);
  if (!fitTo) return { planes, fitted: null };
  const fitted = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .resize(fitTo.width, fitTo.height, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer();
  return { planes, fitted: await toPlanes(fitted, fitTo.width, fitTo.height) };
}

/** An opaque picture (any format sharp reads) → YUV 4:2:0 planes at its own size, converted natively. */
export async function planesOfImage(image: Sharp): Promise<Planes> {
  return (await convert(image, null)).planes;
}

const evenAtLeast2 = (v: number): number => Math.max(2, Math.round(v / 2) * 2);

interface Size {
  width: number;
  height: number;
}

/**
 * Loads the stills of one composition and numbers them: the frame renderer caches resampled regions by
 * a still's id, so ids must be unique among the stills it sees. Each composition makes its own loader.
 * Ids are given when a load starts, so they follow the order of the calls, not of the decodes.
 */
export class StillLoader {
  private nextId = 1;

  /** `card`: the size whole-viewport frames are drawn at (even), to fit viewport-sized stills to once. */
  constructor(
    private readonly viewport: Viewport,
    private readonly card: Size | null = null,
  ) {}

  private async still(id: number, image: Sharp): Promise<Still> {
    const { height = 0, width = 0 } = await image.metadata();
    // A viewport-sized still (not a scroll strip) is also fitted to the card.
    const whole = Math.abs(height / width - this.viewport.height / this.viewport.width) < 0.01;
    const card = this.card;
    // Scaled as `fitted` scales a viewport (the card's width, and its height per viewport height), so a
    // scroll frame drawn from it matches the frames around it exactly.
    const rowsPerPx = card ? (card.height * this.viewport.width) / (this.viewport.height * width) : 0;
    const wide = card && !whole ? { width: card.width, height: evenAtLeast2(height * rowsPerPx) } : null;
    const { planes, fitted } = await convert(image, whole ? card : wide);
    const scale = planes.width / this.viewport.width;
    return {
      id,
      src: mipSource(planes),
      fitted: whole ? fitted : null,
      cardWide: whole ? null : fitted,
      scale,
      cssWidth: this.viewport.width,
      cssHeight: planes.height / scale,
    };
  }

  load(png: Buffer): Promise<Still> {
    return this.still(this.nextId++, sharp(png));
  }

  /** A typing step: full viewport images as they are, field crops pasted over `before` at `target`. */
  loadStep(png: Buffer, before: Buffer, target: Box): Promise<Still> {
    const id = this.nextId++;
    return (async () => {
      const [step, base] = await Promise.all([sharp(png).metadata(), sharp(before).metadata()]);
      if (step.width === base.width && step.height === base.height) return this.still(id, sharp(png));
      const k = (base.width ?? 0) / this.viewport.width;
      // Composited over the opaque `before`, so the step's own transparency shows the field under it.
      const at = { left: Math.max(0, Math.round(target.x * k)), top: Math.max(0, Math.round(target.y * k)) };
      const { data, info } = await sharp(before)
        .composite([{ input: png, ...at }])
        .raw()
        .toBuffer({ resolveWithObject: true });
      return this.still(id, sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }));
    })();
  }
}
