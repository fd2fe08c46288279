import type { Page } from "playwright-core";

/**
 * One frame: a PNG of the viewport at the device scale (390×844 at scale 3 → 1170×2532 px). CSS
 * animations and transitions are finished/stopped and the text caret hidden, so the same page state
 * gives the same pixels.
 */
export async function captureFrame(page: Page): Promise<Buffer> {
  return page.screenshot({ type: "png", fullPage: false, scale: "device", animations: "disabled", caret: "hide" });
}
