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
  /** Rejects (DeadlineError) after this long: a page whose renderer is stuck never draws (default 10 s). */
  timeoutMs?: number;
}

const CAPTURE_TIMEOUT_MS = 10_000;

export function captureRegion(page: Page, clip: DocRect, opts: CaptureOptions): Promise<Buffer> {
  return within(capture(page, clip, opts), opts.timeoutMs ?? CAPTURE_TIMEOUT_MS);
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
