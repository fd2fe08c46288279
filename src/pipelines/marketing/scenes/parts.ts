import type { CampaignOrientation } from "../campaign/document.js";
import type { SceneContent } from "./content.js";
import { figureRuns } from "./figure.js";
import { attrs, escapeHtml } from "./html.js";
import { FIELD_OF, type FitRange, type TextRole, type TypeScale } from "./type-scale.js";

/**
 * The pieces every layout is made of, so a headline, a button or a framed screenshot looks the same in
 * every scene: text elements carrying their fit (`data-fit`, sizes, lines) and their sprite name, the
 * call-to-action button, the visual's frame, the logo, the cover text's label and the progress marks.
 */

export interface LayoutContext extends SceneContent {
  /** The layout's type scale in this orientation. */
  scale: TypeScale;
}

interface TextOptions {
  tag?: "p" | "h1" | "h2" | "span" | "blockquote";
  className?: string;
  /** Figures inside the text set in the accent ink. */
  figures?: boolean;
  /** Its own sprite (default); off when a box around it is the sprite (the button). */
  sprite?: boolean;
  /** This element's fit where it differs from the role's (a headline set under a large figure). */
  fit?: Partial<FitRange>;
}

/** A text element of a role, fitted by the page between the role's sizes. */
export function text(ctx: LayoutContext, role: TextRole, value: string, opts: TextOptions = {}): string {
  const tag = opts.tag ?? "p";
  const fit = { ...ctx.scale[role], ...opts.fit };
  const body = opts.figures
    ? figureRuns(value)
        .map((run) => (run.figure ? `<span class="fig">${escapeHtml(run.text)}</span>` : escapeHtml(run.text)))
        .join("")
    : escapeHtml(value);
  const attributes = attrs({
    class: [`t-${role}`, opts.className].filter(Boolean).join(" "),
    "data-sprite": opts.sprite === false ? null : role,
    "data-fit": role,
    "data-field": FIELD_OF[role],
    "data-max": fit.max,
    "data-min": fit.min,
    "data-lines": fit.lines,
    "data-prefer": fit.prefer,
    style: `font-size:${fit.max}px`,
  });
  return `<${tag}${attributes}>${body}</${tag}>`;
}

/** The call to action as a button (the sprite is the button), with its host under it when short. */
export function ctaButton(ctx: LayoutContext, opts: { host?: boolean } = {}): string {
  const cta = ctx.scene.cta;
  if (!cta?.text.trim()) return "";
  const button = `<div class="cta" data-sprite="cta">${text(ctx, "cta", cta.text, { tag: "span", sprite: false })}</div>`;
  const host = opts.host && ctx.host ? `<p class="host">${escapeHtml(ctx.host)}</p>` : "";
  return host ? `<div class="cta-group">${button}${host}</div>` : button;
}

/**
 * The cover text as a label above the headline (the scene that carries it: the first). Not when it says what
 * the headline under it says (a generated cover is the hook's headline): the same words twice read as a stutter.
 */
export function coverLabel(ctx: LayoutContext): string {
  if (!ctx.coverText || sameWords(ctx.coverText, ctx.scene.headline)) return "";
  return `<div class="cover" data-sprite="coverText">${text(ctx, "coverText", ctx.coverText, { tag: "span", sprite: false })}</div>`;
}

const LOGO_HEIGHT: Record<"bar" | "hero", Record<CampaignOrientation, number>> = {
  bar: { portrait: 60, square: 52, landscape: 56 },
  hero: { portrait: 132, square: 104, landscape: 120 },
};
const LOGO_MAX_WIDTH: Record<"bar" | "hero", number> = { bar: 300, hero: 620 };

/** The logo's box at a place and scale: its height, narrower and lower when a wide logo would pass the width cap. */
export function logoBox(
  ctx: LayoutContext,
  place: "bar" | "hero",
  scale: number,
): { width: number; height: number } | null {
  if (!ctx.logo) return null;
  const s = Math.min(2, Math.max(0.5, scale));
  let height = LOGO_HEIGHT[place][ctx.orientation] * s;
  let width = height * ctx.logo.ratio;
  const maxWidth = LOGO_MAX_WIDTH[place] * s;
  if (width > maxWidth) {
    width = maxWidth;
    height = width / ctx.logo.ratio;
  }
  return { width: Math.round(width), height: Math.round(height) };
}

/**
 * The logo at its place and the style's scale when there is room; compact (the top bar's size at most
 * scale 1) when the words would not fit otherwise, so a larger logo never makes copy overflow. Never wider
 * than its column: narrower, it keeps its ratio.
 */
export function logoMark(ctx: LayoutContext, place: "bar" | "hero"): string {
  const roomy = logoBox(ctx, place, ctx.logo?.scale ?? 1);
  const compact = logoBox(ctx, "bar", Math.min(1, ctx.logo?.scale ?? 1));
  if (!ctx.logo || !roomy || !compact) return "";
  const style = `--roomy:${roomy.width}px;--compact:${compact.width}px;aspect-ratio:${roomy.width}/${roomy.height}`;
  return `<img${attrs({ class: `logo logo-${place}`, "data-sprite": "logo", alt: "", src: ctx.logo.src, style })}>`;
}

/** The slot's ratio is held between these (width over height). */
const RATIO = { min: 0.5, max: 2.4 } as const;

/** The visual in its frame: a screenshot in a window, an image or footage's still rounded, a logo on its own. */
export function visualFrame(ctx: LayoutContext): string {
  const v = ctx.visual;
  if (!v) return "";
  if (v.type === "logo") {
    return `<div class="visual v-logo" data-sprite="visual"><img${attrs({ alt: "", src: v.src })}></div>`;
  }
  const chrome = v.type === "screenshot" ? `<div class="chrome"><i></i><i></i><i></i><b></b></div>` : "";
  const picture =
    v.src === null && v.type === "footage"
      ? `<div class="still"><i class="play"></i></div>`
      : `<img${attrs({ alt: "", src: v.src })}>`;
  // A screenshot wider than the widest slot is shown whole: cropping its sides would cut its words mid-line.
  const whole = v.type === "screenshot" && v.ratio > RATIO.max ? " whole" : "";
  return `<figure class="visual v-${v.type}${whole}" data-sprite="visual">${chrome}${picture}</figure>`;
}

/**
 * The slot the visual is fitted into, carrying its ratio (a tall page shows its top: the ratio is held
 * between 1:2 and 2.4:1); empty when the scene has none. Under the words (portrait, square) it keeps
 * --slot-keep while they can still shrink, and goes down to --slot-min only when they cannot.
 */
export function visualSlot(ctx: LayoutContext): string {
  const v = ctx.visual;
  if (!v) return "";
  const ratio = Math.min(RATIO.max, Math.max(RATIO.min, v.ratio)).toFixed(4);
  return `<div${attrs({ class: `slot slot-${v.type}`, style: `--ratio:${ratio}` })}>${visualFrame(ctx)}</div>`;
}

/** One mark per visible scene, this one lit. */
export function progressMarks(ctx: LayoutContext): string {
  const p = ctx.position;
  if (!p || p.total < 2) return "";
  const marks = Array.from({ length: p.total }, (_, i) => (i === p.index ? `<i class="on"></i>` : "<i></i>"));
  return `<div class="progress" data-sprite="progress">${marks.join("")}</div>`;
}

/** Two texts that say the same, whatever their case, spacing and closing punctuation. */
function sameWords(a: string, b: string | null): boolean {
  const words = (t: string) =>
    t
      .toLowerCase()
      .replace(/[\s\p{P}]+$/u, "")
      .split(/\s+/u)
      .filter(Boolean)
      .join(" ");
  return b !== null && words(a) === words(b);
}
