import type { PipelineRun } from "../../../run.js";
import type { InspectionDeps } from "../../deps.js";
import type { ManifestFont, ManifestWarning } from "../../source/manifest.js";
import type { ColourSample } from "../../source/palette-merge.js";
import { parseHtml } from "../read/html-document.js";
import { extractMetadata } from "../read/metadata.js";
import { DeadlineError, deadlineIn, within } from "../visit/deadline.js";
import type { PageRead } from "../visit/page-read.js";
import type { VisitContext } from "../visit/page-visit.js";
import type { ResponseLog } from "../visit/responses.js";
import { extractFonts } from "./fonts.js";
import { collectImages, DEFAULT_IMAGE_CAPS } from "./images.js";
import { findLogo } from "./logo.js";
import { collectPaletteSamples } from "./palette.js";
import { DEFAULT_SCREENSHOT_CAPS, takeScreenshots } from "./screenshots.js";

/**
 * The in-page extractors (screenshots, palette samples, fonts, logo, images) run on one open page,
 * their results turned into what the manifest needs: files still in memory (stored at the end, when
 * asset ids are given), colour samples for the merge, fonts matched against the catalogue. An
 * extractor that fails or misses its time loses only its own part (logged, never fatal).
 */

export interface FoundFile {
  data: Buffer;
  contentType: string;
  width: number | null;
  height: number | null;
  /** Where it was found (`hero`, `section:pricing`, `full-page`, `header-svg`, `og:image`, …). */
  from: string;
}

/** An asset found but not kept, and why (listed in the manifest with `retained: false`). */
export interface SkippedFile {
  reason: "too_large" | "blocked" | "undecodable" | "over_cap";
  contentType: string | null;
  width: number | null;
  height: number | null;
  from: string;
}

export interface LiveFindings {
  screenshots: FoundFile[];
  samples: ColourSample[];
  /** CSS gave colours beyond the page background. */
  cssPalette: boolean;
  fonts: ManifestFont[];
  logo: FoundFile | SkippedFile | null;
  images: (FoundFile | SkippedFile)[];
  warnings: ManifestWarning[];
}

export const isFound = (f: FoundFile | SkippedFile): f is FoundFile => "data" in f;

/** What the pages of one scan share: the image budget (24 a version) and the images already kept. */
export interface ImageBudget {
  left: number;
  seen: Set<string>;
}

export type LiveContext = VisitContext & {
  deps: InspectionDeps;
  warn: PipelineRun<unknown>["warn"];
  images: ImageBudget;
};

/** The start page's head, for the logo's hints (JSON-LD logo, icons). */
function headOf(read: PageRead) {
  const doc = parseHtml(read.html, read.finalUrl);
  try {
    return extractMetadata(doc);
  } finally {
    doc.close();
  }
}

/**
 * The extractors' own time on a page, apart from its load's deadline (a page that loaded late is still
 * read in full): the page timeout, at least this. The scan's hard stop bounds it in the end.
 */
const EXTRACT_MIN_MS = 10_000;

export async function extractLive(read: PageRead, ctx: LiveContext, responses: ResponseLog): Promise<LiveFindings> {
  const { page } = read;
  const budget = deadlineIn(Math.max(EXTRACT_MIN_MS, ctx.deps.settings.pageTimeoutMs));
  const found: LiveFindings = {
    screenshots: [],
    samples: [],
    cssPalette: false,
    fonts: [],
    logo: null,
    images: [],
    warnings: [],
  };
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
    if (budget.passed()) {
      ctx.warn?.("a scan extractor had no time left", { extractor: name, page: read.index });
      return null;
    }
    try {
      return await within(work(), budget.left(), ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.warn?.("a scan extractor failed", {
        extractor: name,
        page: read.index,
        error: err instanceof DeadlineError ? "deadline" : String(err).slice(0, 200),
      });
      return null;
    }
  };

  if (read.role === "start") {
    const fonts = await step("fonts", () => extractFonts(page, ctx.deps.fonts));
    if (fonts) {
      found.fonts = fonts.fonts.map((f) => ({ ...f, family: f.family.slice(0, 200) }));
      if (fonts.unavailable.length > 0)
        found.warnings.push({
          code: "font_unavailable",
          message: `not installed, drawn with a stand-in: ${fonts.unavailable.join(", ")}`.slice(0, 500),
        });
    }
  }
  if (read.role === "start") {
    const logo = await step("logo", () => findLogo(page, headOf(read), responses));
    if (logo) found.logo = { ...logo, from: logo.from };
  }
  const shots = await step("screenshots", () =>
    takeScreenshots(page, { ...DEFAULT_SCREENSHOT_CAPS, fullPage: read.role === "start" }),
  );
  if (shots) {
    found.screenshots = shots.shots.map((s) => ({
      data: s.data,
      contentType: s.contentType,
      width: s.width,
      height: s.height,
      from: s.from,
    }));
    if (shots.truncated)
      found.warnings.push({ code: "screenshot_truncated", message: "the tall page shot stops at 8,000 CSS px" });
    if (shots.missing.length > 0)
      found.warnings.push({
        code: "screenshot_missing",
        message: `left out, the page did not draw them in time: ${shots.missing.join(", ")}`.slice(0, 500),
      });
  }
  const palette = await step("palette", () => collectPaletteSamples(page, shots?.hero ?? null));
  if (palette) {
    // theme-color is added once, from the start page's metadata (assemble.ts).
    found.samples = palette.samples.filter((s) => s.kind !== "theme-color");
    found.cssPalette = !palette.noCssPalette;
  }
  if (ctx.images.left > 0) {
    const images = await step("images", () =>
      collectImages(page, responses, { ...DEFAULT_IMAGE_CAPS, maxImages: ctx.images.left }),
    );
    for (const image of images?.kept ?? []) {
      // The same picture on several pages (an og:image, a shared hero) is kept once.
      if (ctx.images.seen.has(image.url) || ctx.images.left <= 0) continue;
      ctx.images.seen.add(image.url);
      ctx.images.left -= 1;
      found.images.push({
        data: image.data,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        from: image.from,
      });
    }
    for (const skipped of images?.skipped ?? []) {
      if (ctx.images.seen.has(skipped.url)) continue;
      ctx.images.seen.add(skipped.url);
      found.images.push({
        reason: skipped.reason,
        contentType: skipped.contentType,
        width: skipped.width,
        height: skipped.height,
        from: skipped.from,
      });
    }
  }
  return found;
}
