import type { Page } from "playwright-core";
import { within } from "../visit/deadline.js";
import type { DocRect } from "../visit/in-page.js";

/**
 * Screenshots of a region of the page at a chosen scale, straight from Chromium (CDP
 * `Page.captureScreenshot` with `clip.scale`): the page is drawn again at that scale, so a context at
 * device scale 1 still gives sharp 2× shots without a second context or a reload. The image is the clip
 * times the scale at any device scale (measured at 1, 1.5 and 2; dividing by devicePixelRatio, as this
 * once did, shrank the shots of a 2× session).
 */

export interface CaptureOptions {
  /** Output pixels per CSS pixel. */
  scale: number;
  format: "jpeg" | "png";
  /** JPEG quality (default 85). */
  quality?: number;
  /** Draw beyond the viewport (regions below the first screen). Leave off for the first screen: a 100vh hero keeps its height. */
  beyondViewport: boolean;
  /** Transparent where the page paints nothing (PNG). */
  transparent?: boolean;
  /** Rejects (DeadlineError) after this long: a page whose renderer is stuck never draws (default: by size). */
  timeoutMs?: number;
}

/** A shot of up to this many output pixels gets the shortest bound; a larger one proportionally more. */
const PIXELS_PER_BOUND = 4_000_000;
const MIN_CAPTURE_MS = 10_000;
const MAX_CAPTURE_MS = 30_000;

/**
 * How long a shot may take: drawing and encoding grow with its pixels, so a 1440×8000 tall page (11.5
 * Mpx) gets about three times a 2160×1350 hero's bound. A fixed 10 s dropped the tall page on a loaded
 * machine while the hero, a quarter of its size, came in time.
 */
export function captureBoundMs(clip: Pick<DocRect, "width" | "height">, scale: number): number {
  const pixels = clip.width * scale * clip.height * scale;
  return Math.round(Math.min(MAX_CAPTURE_MS, Math.max(MIN_CAPTURE_MS, (MIN_CAPTURE_MS * pixels) / PIXELS_PER_BOUND)));
}

export function captureRegion(page: Page, clip: DocRect, opts: CaptureOptions): Promise<Buffer> {
  return within(capture(page, clip, opts), opts.timeoutMs ?? captureBoundMs(clip, opts.scale));
}

async function capture(page: Page, clip: DocRect, opts: CaptureOptions): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page);
  try {
    if (opts.transparent) {
      await cdp.send("Emulation.setDefaultBackgroundColorOverride", { color: { r: 0, g: 0, b: 0, a: 0 } });
    }
    const shot = await cdp.send("Page.captureScreenshot", {
      format: opts.format,
      ...(opts.format === "jpeg" ? { quality: opts.quality ?? 85 } : {}),
      // Output pixels per CSS px whatever the session's device scale: Chromium draws the clip at this scale.
      clip: { ...clip, scale: opts.scale },
      captureBeyondViewport: opts.beyondViewport,
      fromSurface: true,
    });
    return Buffer.from(shot.data, "base64");
  } finally {
    if (opts.transparent) await cdp.send("Emulation.setDefaultBackgroundColorOverride", {}).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
