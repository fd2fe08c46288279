import { type Color, differenceEuclidean, formatHex, type Oklch, oklch, parse, toGamut, wcagContrast } from "culori";

/**
 * Merges the colours a page shows into a small palette with roles (pure; the scan's palette.ts gathers
 * the samples, a render source quantises its stills). Samples come from computed CSS (weighted by painted
 * area), the `theme-color` meta tag and an 8-colour quantisation of the hero screenshot. Colours closer than MERGE_DISTANCE in OKLab are one
 * colour (anti-aliasing, hover shades, JPEG noise); roles are given from what the colours were used for:
 * the page's background, its body text, buttons' fill for the primary, then the next distinct hue.
 */

/** What a sample was painted as (kinds decide roles; the weight decides order). */
export type SampleKind = "page-background" | "surface" | "text" | "button" | "link" | "pixels" | "theme-color";

export interface ColourSample {
  /** Any CSS colour string (`rgb(…)`, `#hex`, `oklch(…)`). Unparseable or mostly transparent ones are dropped. */
  colour: string;
  kind: SampleKind;
  /** CSS samples: painted area in CSS px²; pixel samples: share of the shot (0–1); theme-color: ignored. */
  weight: number;
}

export type PaletteRole = "background" | "text" | "primary" | "accent";
export type PaletteFrom = "css" | "pixels" | "theme-color";

export interface PaletteColour {
  hex: string;
  oklch: { l: number; c: number; h: number | null };
  role: PaletteRole | null;
  /** Share of the palette (all weights sum to 1). */
  weight: number;
  from: PaletteFrom[];
  /** WCAG contrast with the background colour; null for the background itself or when there is none. */
  contrastWithBackground: number | null;
}

export interface SuggestedColors {
  background: string;
  text: string;
  primary: string;
  primaryText: string;
  /** Fields whose lightness was moved in OKLCH so they reach MIN_TEXT_CONTRAST. */
  adjusted: ("text" | "primaryText")[];
}

export interface MergedPalette {
  colours: PaletteColour[];
  suggestedColors: SuggestedColors;
}

/** OKLab distance under which two colours are the same colour (≈ 2–3 just-noticeable differences). */
export const MERGE_DISTANCE = 0.045;
export const MIN_TEXT_CONTRAST = 4.5;
const MAX_COLOURS = 16;
/** Chroma above which a colour counts as a hue (brand colour) rather than a grey. */
const CHROMATIC = 0.04;
/** How the three sources share the palette's weight when present. */
const SOURCE_SHARE = { css: 0.6, pixels: 0.4 } as const;
const THEME_COLOR_WEIGHT = 0.05;

const distance = differenceEuclidean("oklab");
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

interface Cluster {
  colour: Oklch;
  weight: number;
  /** Rank of the sample whose colour the cluster shows: CSS values are exact, pixels are noisy, so any CSS sample leads a pixel one. */
  lead: number;
  kinds: Map<SampleKind, number>;
}

/** An opaque OKLCH colour from a CSS string, a translucent one laid over white; null when not a colour. */
function opaque(text: string): Oklch | null {
  const parsed = parse(text.slice(0, 100));
  if (!parsed) return null;
  const alpha = parsed.alpha ?? 1;
  if (!(alpha >= 0.5)) return null; // mostly transparent: what shows is what is under it
  const rgb = toGamut("rgb", "oklch")(parsed as Color);
  const over = (v: number) => v * alpha + (1 - alpha);
  return oklch({ mode: "rgb", r: over(rgb.r), g: over(rgb.g), b: over(rgb.b) });
}

const hexOf = (c: Oklch): string => formatHex(toGamut("rgb", "oklch")(c));
const chroma = (c: Oklch) => c.c ?? 0;
const hueGap = (a: Oklch, b: Oklch) => {
  const d = Math.abs((a.h ?? 0) - (b.h ?? 0)) % 360;
  return d > 180 ? 360 - d : d;
};

/** Samples as weights that share the palette: CSS by area, pixels by share, theme-color a fixed bit. */
function normalised(samples: readonly ColourSample[]): { colour: Oklch; kind: SampleKind; weight: number }[] {
  const parsed = samples
    .map((s) => ({
      colour: opaque(s.colour),
      kind: s.kind,
      weight: Number.isFinite(s.weight) ? Math.max(0, s.weight) : 0,
    }))
    .filter((s): s is { colour: Oklch; kind: SampleKind; weight: number } => s.colour !== null);
  const total = (pred: (k: SampleKind) => boolean) =>
    parsed.filter((s) => pred(s.kind)).reduce((sum, s) => sum + s.weight, 0);
  const isPixels = (k: SampleKind) => k === "pixels";
  const isCss = (k: SampleKind) => k !== "pixels" && k !== "theme-color";
  const cssTotal = total(isCss);
  const pixelTotal = total(isPixels);
  const cssShare = pixelTotal > 0 ? SOURCE_SHARE.css : 1;
  const pixelShare = cssTotal > 0 ? SOURCE_SHARE.pixels : 1;
  return parsed.map((s) => ({
    ...s,
    weight:
      s.kind === "theme-color"
        ? THEME_COLOR_WEIGHT
        : isPixels(s.kind)
          ? pixelTotal > 0
            ? (s.weight / pixelTotal) * pixelShare
            : 0
          : cssTotal > 0
            ? (s.weight / cssTotal) * cssShare
            : 0,
  }));
}

function cluster(samples: ReturnType<typeof normalised>): Cluster[] {
  const clusters: Cluster[] = [];
  const rank = (s: { kind: SampleKind; weight: number }) => (s.kind === "pixels" ? 0 : 10) + s.weight;
  for (const s of [...samples].sort((a, b) => b.weight - a.weight)) {
    const near = clusters.find((c) => distance(c.colour, s.colour) < MERGE_DISTANCE);
    if (near) {
      near.weight += s.weight;
      near.kinds.set(s.kind, (near.kinds.get(s.kind) ?? 0) + s.weight);
      if (rank(s) > near.lead) {
        near.lead = rank(s);
        near.colour = s.colour;
      }
    } else {
      clusters.push({ colour: s.colour, weight: s.weight, lead: rank(s), kinds: new Map([[s.kind, s.weight]]) });
    }
  }
  return clusters.sort((a, b) => b.weight - a.weight);
}

const kindWeight = (c: Cluster, kind: SampleKind) => c.kinds.get(kind) ?? 0;
const heaviestBy = (clusters: readonly Cluster[], score: (c: Cluster) => number): Cluster | undefined => {
  let best: Cluster | undefined;
  let bestScore = 0;
  for (const c of clusters) {
    const s = score(c);
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return best;
};

function assignRoles(clusters: readonly Cluster[]): Map<Cluster, PaletteRole> {
  const roles = new Map<Cluster, PaletteRole>();
  const background =
    heaviestBy(clusters, (c) => kindWeight(c, "page-background")) ??
    heaviestBy(clusters, (c) => kindWeight(c, "surface") + kindWeight(c, "pixels"));
  if (background) roles.set(background, "background");
  const contrastOk = (c: Cluster) => !background || wcagContrast(hexOf(c.colour), hexOf(background.colour)) >= 3;
  const free = (c: Cluster) => !roles.has(c);

  // Body text that reads on the background; failing that, the page's text anyway (suggest() fixes its contrast).
  const text =
    heaviestBy(clusters, (c) => (free(c) && contrastOk(c) ? kindWeight(c, "text") : 0)) ??
    heaviestBy(clusters, (c) => (free(c) ? kindWeight(c, "text") : 0));
  if (text) roles.set(text, "text");

  const chromatic = (c: Cluster) => free(c) && chroma(c.colour) >= CHROMATIC;
  const primary =
    heaviestBy(clusters, (c) => (chromatic(c) ? kindWeight(c, "button") : 0)) ??
    heaviestBy(clusters, (c) => (chromatic(c) ? kindWeight(c, "theme-color") : 0)) ??
    heaviestBy(clusters, (c) => (chromatic(c) ? kindWeight(c, "link") : 0)) ??
    heaviestBy(clusters, (c) => (chromatic(c) ? c.weight : 0));
  if (primary) roles.set(primary, "primary");

  // A second hue the page itself paints (CSS); quantised pixels are averages (a muddy mix of two
  // colours is chromatic too), so a pixels-only accent must be clearly saturated.
  const otherHue = (c: Cluster) => chromatic(c) && (!primary || hueGap(c.colour, primary.colour) >= 30);
  // The area the page's CSS paints in the hue (not the quantiser's pixels, whose averages merge into
  // whichever cluster is near), times its chroma: a brand's accent is its saturated hue, not a pale tint
  // of it behind a badge.
  const cssWeight = (c: Cluster) =>
    [...c.kinds].reduce((sum, [k, w]) => (k === "pixels" || k === "theme-color" ? sum : sum + w), 0);
  const accent =
    heaviestBy(clusters, (c) => (otherHue(c) ? cssWeight(c) * chroma(c.colour) : 0)) ??
    heaviestBy(clusters, (c) => (otherHue(c) && chroma(c.colour) >= 2 * CHROMATIC ? c.weight : 0));
  if (accent) roles.set(accent, "accent");
  return roles;
}

/** The colour's lightness moved (hue and chroma kept, in gamut) until it reaches `min` against `against`. */
export function withContrast(colour: string, against: string, min = MIN_TEXT_CONTRAST): string {
  const parsed = parse(colour);
  if (!parsed || !parse(against)) throw new TypeError("withContrast takes two CSS colours");
  if (wcagContrast(colour, against) >= min) return colour;
  const base = oklch(parsed) as Oklch;
  // Away from the ground: darker on a light ground, lighter on a dark one (whichever end can reach it).
  const towardsDark = wcagContrast("#000000", against) >= wcagContrast("#ffffff", against);
  let lo = towardsDark ? 0 : base.l;
  let hi = towardsDark ? base.l : 1;
  const at = (l: number) => hexOf({ ...base, l });
  // Binary search for the lightness closest to the original that still reaches `min`.
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    const ok = wcagContrast(at(mid), against) >= min;
    if (towardsDark) {
      if (ok) lo = mid;
      else hi = mid;
    } else if (ok) hi = mid;
    else lo = mid;
  }
  const found = at(towardsDark ? lo : hi);
  return wcagContrast(found, against) >= min ? found : towardsDark ? "#000000" : "#ffffff";
}

function suggest(colours: readonly PaletteColour[]): SuggestedColors {
  const byRole = (role: PaletteRole) => colours.find((c) => c.role === role)?.hex;
  const background = byRole("background") ?? "#ffffff";
  const blackOrWhite = (on: string) =>
    wcagContrast("#000000", on) >= wcagContrast("#ffffff", on) ? "#000000" : "#ffffff";
  const textFound = byRole("text") ?? blackOrWhite(background);
  const primary = byRole("primary") ?? textFound;
  const adjusted: SuggestedColors["adjusted"] = [];

  const text = withContrast(textFound, background);
  if (text !== textFound) adjusted.push("text");
  // On the primary: the page's own background or text colour, whichever reads better, else moved.
  const onPrimary = [background, text].sort((a, b) => wcagContrast(b, primary) - wcagContrast(a, primary))[0] as string;
  const primaryText = withContrast(onPrimary, primary);
  if (primaryText !== onPrimary) adjusted.push("primaryText");
  return { background, text, primary, primaryText, adjusted };
}

/** The palette of a page from its samples; an empty sample list gives an empty palette and neutral suggestions. */
export function mergePalette(samples: readonly ColourSample[]): MergedPalette {
  const clusters = cluster(normalised(samples));
  const roles = assignRoles(clusters);
  const kept = clusters.slice(0, MAX_COLOURS);
  for (const [c] of roles) if (!kept.includes(c)) kept.push(c); // a role never falls off the cap
  kept.sort((a, b) => b.weight - a.weight);
  const total = kept.reduce((sum, c) => sum + c.weight, 0) || 1;
  const background = [...roles].find(([, r]) => r === "background")?.[0];
  const bgHex = background ? hexOf(background.colour) : null;

  const colours: PaletteColour[] = kept.slice(0, MAX_COLOURS).map((c) => {
    const hex = hexOf(c.colour);
    const from: PaletteFrom[] = [];
    if ([...c.kinds.keys()].some((k) => k !== "pixels" && k !== "theme-color")) from.push("css");
    if (c.kinds.has("pixels")) from.push("pixels");
    if (c.kinds.has("theme-color")) from.push("theme-color");
    const h = chroma(c.colour) >= 0.01 && c.colour.h !== undefined ? round(c.colour.h, 1) : null;
    return {
      hex,
      oklch: { l: round(c.colour.l, 3), c: round(chroma(c.colour), 3), h },
      role: roles.get(c) ?? null,
      // Hundredths: a painted area a pixel off between two scans of an unchanged page is no change.
      weight: round(c.weight / total, 2),
      from,
      contrastWithBackground: bgHex && c !== background ? round(wcagContrast(hex, bgHex), 2) : null,
    };
  });
  return { colours, suggestedColors: suggest(colours) };
}
