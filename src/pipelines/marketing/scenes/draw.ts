import type { Page } from "playwright-core";
import type { BrowserPool, BrowserSession } from "../../../media/browser/index.js";
import { pageScript, runPageScript } from "../../../media/browser/page-script.js";
import { sceneContent } from "./content.js";
import { sceneMarkup } from "./document.js";
import { fontFaceCss, fontsKey } from "./fonts.js";
import { SCENE_FRAMES } from "./frame.js";
import type { FittedText, SceneFitArg, SceneFitResult, SceneSprite } from "./page/scene-fit-types.js";
import type { Overflow, OverflowField, ScenePreview, SceneSpec, SpriteBox } from "./types.js";

/**
 * Drawing scenes in Chromium. One page serves every scene of a run: the first draw gives it the shell
 * (a document whose policy lets nothing load but data: fonts and images) and the fonts; every later
 * draw or measure only swaps the frame's markup and style, so a copy edit's overflow check costs one
 * script run and no navigation. Nothing leaves the machine: the page has no URL to ask, and the
 * session openScenePage makes refuses every request besides.
 */

const SCENE_FIT = pageScript<SceneFitArg, SceneFitResult>(new URL("./page/scene-fit.page.ts", import.meta.url));

const SHELL =
  `<!doctype html><html><head><meta charset="utf-8">` +
  `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:">` +
  `<style id="cw-fonts"></style><style id="cw-style"></style></head><body><div id="cw-root"></div></body></html>`;
/** The faces the layouts set (the nearest face answers when a font has no bold). */
const FACES = ["400 40px cw-heading", "700 40px cw-heading", "400 40px cw-body", "700 40px cw-body"];
const STEP_PX = 2;
const PLATE_JPEG_QUALITY = 92;
const DEFAULT_TIMEOUT_MS = 15_000;

export class SceneDrawError extends Error {
  override readonly name = "SceneDrawError";
}

export interface DrawOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A session for drawing scenes: device scale 1 (the frames are 1080p already) and every request refused. */
export async function openScenePage(pool: BrowserPool, signal?: AbortSignal): Promise<BrowserSession> {
  const frame = SCENE_FRAMES.portrait;
  const session = await pool.newSession(
    { width: frame.width, height: frame.height, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    { signal },
  );
  try {
    await session.context.route("**/*", (route) => route.abort("blockedbyclient"));
  } catch (err) {
    await session.close();
    throw err;
  }
  return session;
}

async function drawInto(
  page: Page,
  spec: SceneSpec,
  withPixels: boolean,
  opts: DrawOptions,
): Promise<{ texts: FittedText[]; sprites: SceneSprite[] }> {
  const frame = SCENE_FRAMES[spec.orientation];
  const viewport = page.viewportSize();
  if (viewport?.width !== frame.width || viewport.height !== frame.height) {
    await page.setViewportSize({ width: frame.width, height: frame.height });
  }
  const content = await sceneContent(spec, withPixels);
  const { html, css } = sceneMarkup(content, spec.style.palette, spec.layers ?? "all");
  let arg: SceneFitArg = {
    fontsKey: fontsKey(spec.fonts),
    fontsCss: null,
    faces: FACES,
    css,
    html,
    images: withPixels,
    step: STEP_PX,
  };
  const run = { timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(opts.signal ? { signal: opts.signal } : {}) };
  // At most: the shell, then the fonts, then the scene.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await runPageScript(page, SCENE_FIT, arg, run);
    if (result.state === "drawn") return result;
    if (result.state === "needShell") await page.setContent(SHELL);
    else if (result.state === "needFonts") arg = { ...arg, fontsCss: await fontFaceCss(spec.fonts) };
    else throw new SceneDrawError(`scene ${spec.scene.id}: fonts did not load (${result.faces.join(", ")})`);
  }
  throw new SceneDrawError(`scene ${spec.scene.id}: the page did not take the scene`);
}

/** Each field's worst element that runs over at its minimum size. */
function overflowOf(sceneId: string, texts: readonly FittedText[]): Overflow[] {
  const worst = new Map<string, FittedText>();
  for (const t of texts) {
    if (t.overflowPx <= 0) continue;
    const seen = worst.get(t.field);
    if (!seen || t.overflowPx > seen.overflowPx) worst.set(t.field, t);
  }
  return [...worst.values()].map((t) => ({
    sceneId,
    field: t.field as OverflowField,
    lines: t.lines,
    maxLines: t.maxLines,
    overflowPx: t.overflowPx,
  }));
}

/** The copy's overflow at the layout's minimum sizes, measured without drawing a picture. */
export async function measureOverflow(page: Page, spec: SceneSpec, opts: DrawOptions = {}): Promise<Overflow[]> {
  const { texts } = await drawInto(page, spec, false, opts);
  return overflowOf(spec.scene.id, texts);
}

/** A scene's two layers for the export: the plate (opaque, JPEG) and the sprites on transparency (PNG), with their boxes. */
export interface SceneLayerPictures {
  plate: Buffer;
  sheet: Buffer;
  sprites: SpriteBox[];
}

/**
 * Both layers of a scene for the export from one layout: drawn once as the plate, captured, then the
 * frame's layer class switched to the sprites and captured again (the fit, the fonts and the images are
 * not done twice). Captures go through the DevTools protocol with the fast PNG coder (zlib's fastest
 * level: quicker than Playwright's screenshot at 1080p, larger files, the same pixels).
 */
export async function drawSceneLayers(
  page: Page,
  spec: SceneSpec,
  opts: DrawOptions = {},
): Promise<SceneLayerPictures> {
  const { sprites } = await drawInto(page, { ...spec, layers: "plate" }, true, opts);
  const frame = SCENE_FRAMES[spec.orientation];
  const cdp = await page.context().newCDPSession(page);
  // The plate is opaque and holds no text: a high-quality JPEG (a fraction of a PNG's coding and decoding
  // time). The sheet needs its transparency: PNG.
  const capture = async (format: "jpeg" | "png") => {
    const shot = await cdp.send("Page.captureScreenshot", {
      format,
      ...(format === "jpeg" ? { quality: PLATE_JPEG_QUALITY } : {}),
      optimizeForSpeed: true,
      fromSurface: true,
      captureBeyondViewport: false,
      clip: { x: 0, y: 0, width: frame.width, height: frame.height, scale: 1 },
    });
    return Buffer.from(shot.data, "base64");
  };
  try {
    const plate = await capture("jpeg");
    const switched = await page.evaluate(() => {
      const scene = document.querySelector(".scene.layers-plate");
      scene?.classList.replace("layers-plate", "layers-sprites");
      return scene !== null;
    });
    if (!switched) throw new SceneDrawError(`scene ${spec.scene.id}: the frame has no plate layer to switch`);
    await cdp.send("Emulation.setDefaultBackgroundColorOverride", { color: { r: 0, g: 0, b: 0, a: 0 } });
    try {
      return { plate, sheet: await capture("png"), sprites };
    } finally {
      await cdp.send("Emulation.setDefaultBackgroundColorOverride", {});
    }
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The scene drawn (the layers asked for: default all) as a PNG of its frame, with its overflow and sprite boxes. */
export async function drawScenePreview(page: Page, spec: SceneSpec, opts: DrawOptions = {}): Promise<ScenePreview> {
  const { texts, sprites } = await drawInto(page, spec, true, opts);
  const frame = SCENE_FRAMES[spec.orientation];
  const png = await page.screenshot({
    type: "png",
    clip: { x: 0, y: 0, width: frame.width, height: frame.height },
    omitBackground: spec.layers === "sprites",
    animations: "disabled",
    caret: "hide",
    scale: "css",
    timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  return { png, overflow: overflowOf(spec.scene.id, texts), sprites };
}
