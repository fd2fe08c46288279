import type { Page } from "playwright-core";
import { type CatalogFont, type FontCatalogue, fontId } from "../../../../media/fonts/catalogue.js";
import { type FontCategory, fontCategory, genericCategory } from "../../../../media/fonts/category.js";
import { evaluateIsolated, isRecord, list, num, str } from "../visit/in-page.js";

/**
 * The fonts extractor: the first family of the computed `font-family` stack of the page's headings and
 * of its body text (the most used stack of each, by characters), the weights they are drawn with, and a
 * category. The family is matched against the catalogue of installed fonts: the catalogue font when
 * installed, else the first installed family later in the page's stack, else the catalogue's nearest of
 * its category (`font_unavailable`). Font files are never copied.
 */

export type FontRole = "heading" | "body";

export interface ScannedFont {
  /** The first family of the stack as the page wrote it (quotes removed), e.g. "Inter". */
  family: string;
  role: FontRole;
  /** CSS weights used by that role's text, ascending. */
  weights: number[];
  category: FontCategory;
  /** The installed font of that family, else null. */
  catalogFontId: string | null;
  /** The installed stand-in when the family is not installed, else null. */
  fallbackFontId: string | null;
}

export interface FontsResult {
  /** Heading first, then body; empty when the page could not be read. */
  fonts: ScannedFont[];
  /** Families drawn with a stand-in (warn `font_unavailable` when not empty). */
  unavailable: string[];
}

const MAX_STACK = 300;
const MAX_FAMILY = 200;

/** Runs in an isolated world: per role, the most used font-family stack (by characters) and the weights. */
const READ_FONTS = `() => {
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el); return r.width > 0 && r.height > 0 && s.visibility === "visible"; };
  const read = (selector, max) => {
    const stacks = new Map();
    const weights = new Set();
    let seen = 0;
    for (const el of document.querySelectorAll(selector)) {
      if (seen >= max) break;
      const chars = (el.textContent || "").trim().length;
      if (chars === 0 || !visible(el)) continue;
      seen++;
      const s = getComputedStyle(el);
      const stack = String(s.fontFamily).slice(0, ${MAX_STACK});
      stacks.set(stack, (stacks.get(stack) || 0) + chars);
      if (weights.size < 9) weights.add(Number(s.fontWeight));
    }
    let best = null, most = 0;
    for (const [stack, n] of stacks) if (n > most) { best = stack; most = n; }
    return best === null ? null : { stack: best, weights: [...weights] };
  };
  const heading = read("h1, h2, h3", 40);
  const body = read("main p, main li, p, li, dd, blockquote, td", 200) ||
    (document.body ? { stack: String(getComputedStyle(document.body).fontFamily).slice(0, ${MAX_STACK}), weights: [Number(getComputedStyle(document.body).fontWeight)] } : null);
  return { heading, body };
}`;

/** The families of a CSS font-family value, quotes removed ("\"Inter\", system-ui" → ["Inter", "system-ui"]). */
export function stackFamilies(stack: string): string[] {
  const families: string[] = [];
  for (const m of stack.slice(0, MAX_STACK).matchAll(/\s*("([^"]*)"|'([^']*)'|([^,]+))\s*(,|$)/g)) {
    const name = (m[2] ?? m[3] ?? m[4] ?? "").replace(/\s+/g, " ").trim();
    if (name) families.push(name.slice(0, MAX_FAMILY));
  }
  return families;
}

/** A family's category: its name when that says more than "sans", else the stack's generic family. */
export function categoryOf(family: string, stack: readonly string[]): FontCategory {
  const byName = genericCategory(family) ?? fontCategory(family);
  if (byName !== "sans-serif") return byName;
  const generic = stack.map((f) => genericCategory(f)).find((c) => c !== null);
  return generic ?? "sans-serif";
}

function weightsOf(v: unknown): number[] {
  const weights = list(v, 9, (w) => {
    const n = num(w, 1, 1000);
    return n === null ? null : Math.round(n);
  });
  return [...new Set(weights)].sort((a, b) => a - b);
}

/**
 * The stand-in for a family that is not installed: the first installed family further down the page's
 * own stack (what Chromium drew, so the video looks like the page looked), else the catalogue's nearest.
 */
function fallbackOf(stack: readonly string[], category: FontCategory, catalogue: FontCatalogue): CatalogFont {
  for (const family of stack.slice(1)) {
    const installed = genericCategory(family) ? undefined : catalogue.byId(fontId(family));
    if (installed) return installed;
  }
  return catalogue.nearest(stack[0] ?? "", category);
}

/** One role's font matched against the catalogue; null when the page gave nothing usable. */
export function matchFont(role: FontRole, raw: unknown, catalogue: FontCatalogue): ScannedFont | null {
  if (!isRecord(raw)) return null;
  const stack = stackFamilies(str(raw.stack, MAX_STACK) ?? "");
  const family = stack[0];
  if (!family) return null;
  const category = categoryOf(family, stack);
  const installed: CatalogFont | undefined = genericCategory(family) ? undefined : catalogue.byId(fontId(family));
  return {
    family,
    role,
    weights: weightsOf(raw.weights),
    category,
    catalogFontId: installed?.id ?? null,
    fallbackFontId: installed ? null : fallbackOf(stack, category, catalogue).id,
  };
}

/** Reads the heading and body fonts of the page (isolated world). A page that will not answer gives no fonts. */
export async function extractFonts(page: Page, catalogue: FontCatalogue): Promise<FontsResult> {
  let raw: unknown = null;
  try {
    raw = await evaluateIsolated(page, READ_FONTS, null);
  } catch {
    return { fonts: [], unavailable: [] };
  }
  if (!isRecord(raw)) return { fonts: [], unavailable: [] };
  const fonts = [matchFont("heading", raw.heading, catalogue), matchFont("body", raw.body, catalogue)].filter(
    (f): f is ScannedFont => f !== null,
  );
  const unavailable = [...new Set(fonts.filter((f) => f.catalogFontId === null).map((f) => f.family))];
  return { fonts, unavailable };
}
