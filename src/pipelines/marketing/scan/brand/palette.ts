import { formatHex, parse } from "culori";
import type { Page } from "playwright-core";
import type { ColourSample, SampleKind } from "../../source/palette-merge.js";
import { quantiseShot } from "../../source/palette-pixels.js";
import { evaluateIsolated, isRecord, list, num, str } from "../visit/in-page.js";

/**
 * The palette extractor: the computed colours a page paints (its background, surfaces such as the header
 * and hero, buttons, links and text, each weighted by painted area), its `theme-color`, and the hero
 * screenshot quantised to 8 colours (palette-pixels.ts) — merged by palette-merge.ts.
 */

/** Bounds of the in-page read: elements walked, samples returned, document depth considered (CSS px). */
const MAX_ELEMENTS = 4_000;
const MAX_SAMPLES = 600;
const MAX_DEPTH_PX = 8_000;

/** Runs in an isolated world; `caps` is { maxElements, maxSamples, maxDepth }. */
const READ_COLOURS = `(caps) => {
  const samples = [];
  const push = (colour, kind, weight) => {
    if (samples.length >= caps.maxSamples || !colour || !(weight > 0)) return;
    samples.push({ colour: String(colour).slice(0, 100), kind, weight: Math.round(weight) });
  };
  const transparent = (c) => !c || c === "transparent" || /^rgba\\(.*,\\s*0\\)$/.test(c) || /\\/\\s*0\\)$/.test(c);
  const doc = document.documentElement;
  const docWidth = Math.max(doc.scrollWidth, innerWidth);
  const docHeight = Math.min(Math.max(doc.scrollHeight, innerHeight), caps.maxDepth);
  const body = document.body;
  let pageBg = body ? getComputedStyle(body).backgroundColor : "";
  if (transparent(pageBg)) pageBg = getComputedStyle(doc).backgroundColor;
  if (transparent(pageBg)) pageBg = "rgb(255, 255, 255)";
  push(pageBg, "page-background", docWidth * docHeight);
  const buttonLike = (el) =>
    el.matches("button, [role=button], input[type=submit], input[type=button]") ||
    (el.tagName === "A" && /(^|[\\s_-])(btn|button|cta)/i.test(typeof el.className === "string" ? el.className : ""));
  const painted = (r) => {
    const top = Math.max(r.top + scrollY, 0);
    const bottom = Math.min(r.bottom + scrollY, caps.maxDepth);
    const w = Math.max(0, Math.min(r.right, docWidth) - Math.max(r.left, 0));
    return Math.max(0, bottom - top) * w;
  };
  const all = document.body ? document.body.getElementsByTagName("*") : [];
  const n = Math.min(all.length, caps.maxElements);
  for (let i = 0; i < n; i++) {
    const el = all[i];
    if (el.closest("svg") && el.tagName.toLowerCase() !== "svg") continue;
    const s = getComputedStyle(el);
    if (s.display === "none" || s.visibility !== "visible" || Number(s.opacity) === 0) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const area = painted(r);
    if (area <= 0) continue;
    const button = buttonLike(el);
    if (!transparent(s.backgroundColor)) push(s.backgroundColor, button ? "button" : "surface", area);
    // Text: elements with their own text; ink is roughly a third of the line box's area.
    let chars = 0;
    for (const node of el.childNodes) if (node.nodeType === 3) chars += node.textContent.trim().length;
    if (chars === 0 || el.closest("button, [role=button]") || (button && el.tagName === "A")) continue;
    const size = parseFloat(s.fontSize) || 16;
    const link = el.closest("a") !== null;
    push(s.color, link ? "link" : "text", Math.min(chars * size * size * 0.3, area));
  }
  const metas = [...document.querySelectorAll('meta[name="theme-color" i]')];
  const meta = metas.find((m) => !m.getAttribute("media")) || metas[0];
  return { samples, themeColor: meta ? String(meta.getAttribute("content") || "").slice(0, 100) : null };
}`;

const KINDS: ReadonlySet<string> = new Set<SampleKind>(["page-background", "surface", "text", "button", "link"]);

function sampleOf(v: unknown): ColourSample | null {
  if (!isRecord(v)) return null;
  const colour = str(v.colour, 100);
  const weight = num(v.weight, 0, 1e12);
  const kind = typeof v.kind === "string" && KINDS.has(v.kind) ? (v.kind as SampleKind) : null;
  return colour && weight !== null && kind ? { colour, kind, weight } : null;
}

/** `#rrggbb` of a CSS colour string, or null. */
function hexOrNull(text: string | null): string | null {
  const parsed = text ? parse(text) : undefined;
  return parsed ? formatHex(parsed) : null;
}

export interface PaletteSamples {
  /** CSS samples (page background, surfaces, buttons, links, text), the theme-color and the shot's pixels. */
  samples: ColourSample[];
  themeColor: string | null;
  noCssPalette: boolean;
}

/**
 * Reads the page's colours (in an isolated world) and quantises the hero shot (`heroShot`: a PNG or JPEG
 * of the page's first screen, optional), without merging: a scan pools the samples of its pages. Never
 * throws for what the page does: a failed read leaves the pixels alone (`noCssPalette`), a shot that
 * cannot be decoded is ignored.
 */
export async function collectPaletteSamples(page: Page, heroShot?: Buffer | null): Promise<PaletteSamples> {
  let samples: ColourSample[] = [];
  let themeColor: string | null = null;
  try {
    const raw = await evaluateIsolated(page, READ_COLOURS, {
      maxElements: MAX_ELEMENTS,
      maxSamples: MAX_SAMPLES,
      maxDepth: MAX_DEPTH_PX,
    });
    if (isRecord(raw)) {
      samples = list(raw.samples, MAX_SAMPLES, sampleOf);
      themeColor = hexOrNull(str(raw.themeColor, 100));
    }
  } catch {
    // The page would not answer (stuck script, navigation): the pixels still give a palette.
  }
  // Brand colours come from painted surfaces, buttons and links; a page with none (default black on
  // white) gives its palette by pixels alone.
  const noCssPalette = !samples.some((s) => s.kind === "surface" || s.kind === "button" || s.kind === "link");
  const pixels = heroShot ? await quantiseShot(heroShot).catch(() => []) : [];
  const theme: ColourSample[] = themeColor ? [{ colour: themeColor, kind: "theme-color", weight: 0 }] : [];
  return { samples: [...samples, ...theme, ...pixels], themeColor, noCssPalette };
}
