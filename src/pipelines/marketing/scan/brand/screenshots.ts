import type { Page } from "playwright-core";
import sharp from "sharp";
import { pageScript, runPageScript } from "../../../../media/browser/page-script.js";
import { type DocRect, isRecord, list, num, rect } from "../visit/in-page.js";
import { captureRegion } from "./capture.js";
import { SECTION_KINDS, type SectionKind, type ShotLayout, type ShotLayoutArg } from "./shot-layout-types.js";

export type { SectionKind } from "./shot-layout-types.js";

/**
 * The screenshots of one page: its first screen (the hero) at scale 1.5, one shot of each visible section
 * below it (named by kind: features, testimonials, pricing, about, contact, …; decision 0031) at scale
 * 1.5, and on the start page the tall page at scale 1 up to 8,000 CSS px (for scrolling motions). Fixed
 * and sticky bars are hidden for every shot but the first screen's. At most twelve per page.
 *
 * JPEG at quality 85: shots are opaque and mostly text and photos, and they end up in ≤ 1080p video; a
 * 2160×1350 hero is ~0.4–0.8 MB as JPEG against 2–4 MB as PNG, and the 1440×8000 tall page ~1.5 MB
 * against 8–12 MB. At 2× the ringing JPEG adds around glyphs is far below what a video frame shows.
 */

export interface PageShot {
  kind: "hero" | "section" | "full-page";
  section: SectionKind | null;
  data: Buffer;
  contentType: "image/jpeg";
  /** Pixels of the image. */
  width: number;
  height: number;
  /** `hero`, `section:features` …, `full-page`. */
  from: string;
  /** The full-page shot stopped at the height cap (warn `screenshot_truncated`). */
  truncated: boolean;
}

export interface ScreenshotCaps {
  /** Shots of this page at most (0025: 5). */
  maxShots: number;
  /** Take the tall page (the start page only). */
  fullPage: boolean;
  /** Height cap of the tall page, CSS px (0025: 8,000). */
  maxFullPageCss: number;
  /** The bound of each shot; by default it grows with the shot's pixels (`captureBoundMs`). */
  captureMs?: number;
}

export const DEFAULT_SCREENSHOT_CAPS: ScreenshotCaps = { maxShots: 12, fullPage: true, maxFullPageCss: 8_000 };

export interface ScreenshotsResult {
  shots: PageShot[];
  /** The hero shot (also in `shots`), for the palette's quantiser; null when it failed. */
  hero: Buffer | null;
  /** The tall page was cut at the cap. */
  truncated: boolean;
  /** The shots that failed and were left out, by `from` (`hero`, `section:pricing`, `full-page`). */
  missing: string[];
}

/**
 * 1.5×: a 1440 px desktop shot is 2160 px wide, enough to fill a 1920 px frame without upscaling. 2× cost
 * 3–4× a 1× shot and made screenshots more than half of a scan's time (docs/benchmarks.md, scan).
 */
const DETAIL_SCALE = 1.5;
const QUALITY = 85;
/** A section taller than this is shot from its top down to it (a pricing table is read from the top). */
const MAX_SECTION_CSS = 2_000;
const MIN_SECTION_CSS = 120;

const SHOT_LAYOUT = pageScript<ShotLayoutArg, ShotLayout>(new URL("./page/shot-layout.page.ts", import.meta.url));
/** Marks the fixed and sticky bars hidden for the shots below the first screen. */
const BAR_MARK = "data-clipwright-bar";
const LAYOUT_MS = 5_000;
/** Time the first screen's pictures get to be drawn before the hero shot (the palette reads its pixels). */
const SETTLE_MS = 3_000;

interface Layout {
  width: number;
  height: number;
  docWidth: number;
  docHeight: number;
  sections: { kind: SectionKind; rect: DocRect }[];
}

function layoutOf(v: unknown, maxSections: number): Layout | null {
  if (!isRecord(v)) return null;
  const width = num(v.width, 100, 10_000);
  const height = num(v.height, 100, 10_000);
  const docWidth = num(v.docWidth, 1, 100_000) ?? width;
  const docHeight = num(v.docHeight, 0, 10_000_000) ?? height;
  if (width === null || height === null || docWidth === null || docHeight === null) return null;
  const sections = list(v.sections, maxSections, (s) => {
    if (!isRecord(s) || !SECTION_KINDS.includes(s.kind as SectionKind)) return null;
    const r = rect(s.rect);
    return r ? { kind: s.kind as SectionKind, rect: r } : null;
  });
  return { width, height, docWidth, docHeight, sections };
}

async function jpeg(
  page: Page,
  clip: DocRect,
  scale: number,
  beyondViewport: boolean,
  timeoutMs: number | undefined,
): Promise<{ data: Buffer; width: number; height: number }> {
  const data = await captureRegion(page, clip, { scale, format: "jpeg", quality: QUALITY, beyondViewport, timeoutMs });
  const meta = await sharp(data).metadata();
  return {
    data,
    width: meta.width ?? Math.round(clip.width * scale),
    height: meta.height ?? Math.round(clip.height * scale),
  };
}

/**
 * Takes the page's shots. A shot that fails (page gone, a region Chromium cannot draw, no picture within
 * its bound) is left out and named in `missing`; the hero is taken first, so the palette has it whatever
 * happens to the others.
 */
export async function takeScreenshots(
  page: Page,
  caps: ScreenshotCaps = DEFAULT_SCREENSHOT_CAPS,
): Promise<ScreenshotsResult> {
  const result: ScreenshotsResult = { shots: [], hero: null, truncated: false, missing: [] };
  const maxSections = Math.max(0, caps.maxShots - 1 - (caps.fullPage ? 1 : 0));
  const asked: ShotLayoutArg = { do: "layout", minSectionCss: MIN_SECTION_CSS, maxSections };
  const layout = layoutOf(
    await runPageScript(page, SHOT_LAYOUT, asked, { timeoutMs: LAYOUT_MS }).catch(() => null),
    maxSections,
  );
  if (caps.maxShots <= 0) return result;
  if (!layout) {
    // A page that cannot say its own size (stuck in a script) gets no shots: the first and the tall are missed.
    result.missing.push("hero", ...(caps.fullPage && caps.maxShots > 1 ? ["full-page"] : []));
    return result;
  }
  await runPageScript(page, SHOT_LAYOUT, { do: "settle", maxMs: SETTLE_MS }, { timeoutMs: SETTLE_MS + 1_000 }).catch(
    () => undefined,
  );

  try {
    const heroClip = { x: 0, y: 0, width: layout.width, height: layout.height };
    const hero = await jpeg(page, heroClip, DETAIL_SCALE, false, caps.captureMs);
    result.shots.push({
      kind: "hero",
      section: null,
      ...hero,
      contentType: "image/jpeg",
      from: "hero",
      truncated: false,
    });
    result.hero = hero.data;
  } catch {
    result.missing.push("hero"); // the palette goes by CSS alone
  }

  // Below the first screen a fixed navbar would cover each section's top: it is out of sight from here on.
  const bars = (show: boolean) =>
    runPageScript(
      page,
      SHOT_LAYOUT,
      { do: show ? "show-bars" : "hide-bars", attribute: BAR_MARK },
      { timeoutMs: LAYOUT_MS },
    )
      .then(() => undefined)
      .catch(() => undefined);
  await bars(false);
  try {
    await belowTheFold(page, layout, caps, result);
  } finally {
    await bars(true);
  }
  return result;
}

/** The section shots and the tall page (fixed bars hidden). */
async function belowTheFold(
  page: Page,
  layout: Layout,
  caps: ScreenshotCaps,
  result: ScreenshotsResult,
): Promise<void> {
  const room = () => result.shots.length < caps.maxShots;
  // The tall page is kept a place before the sections fill the rest.
  const sectionRoom = caps.maxShots - result.shots.length - (caps.fullPage ? 1 : 0);
  for (const { kind, rect: r } of layout.sections.slice(0, Math.max(0, sectionRoom))) {
    if (r.y >= caps.maxFullPageCss) continue;
    const clip = {
      x: r.x,
      y: Math.max(0, r.y),
      width: Math.min(r.width, layout.docWidth),
      height: Math.min(r.height, MAX_SECTION_CSS),
    };
    try {
      const shot = await jpeg(page, clip, DETAIL_SCALE, true, caps.captureMs);
      result.shots.push({
        kind: "section",
        section: kind,
        ...shot,
        contentType: "image/jpeg",
        from: `section:${kind}`,
        truncated: false,
      });
    } catch {
      result.missing.push(`section:${kind}`);
    }
  }

  if (caps.fullPage && room()) {
    const height = Math.min(layout.docHeight, caps.maxFullPageCss);
    result.truncated = layout.docHeight > caps.maxFullPageCss;
    try {
      const clip = { x: 0, y: 0, width: layout.docWidth, height: Math.max(1, height) };
      const shot = await jpeg(page, clip, 1, true, caps.captureMs);
      result.shots.push({
        kind: "full-page",
        section: null,
        ...shot,
        contentType: "image/jpeg",
        from: "full-page",
        truncated: result.truncated,
      });
    } catch {
      result.truncated = false;
      result.missing.push("full-page");
    }
  }
}
