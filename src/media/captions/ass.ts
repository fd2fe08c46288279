import type { CaptionLook } from "./look.js";
import { type Cue, MAX_LINE_CHARS, wrapCaption } from "./webvtt.js";

/**
 * Burned-in captions and the free-tier mark as an ASS script for ffmpeg's `ass` filter (libass draws
 * boxes, outlines and `\k` karaoke natively). The script's PlayRes is the output size, so every number
 * here is in output pixels.
 *
 * Text safety: narration is user text. `{` `}` would open override blocks and `\` starts escapes such
 * as `\N`; `escapeAssText` turns braces into libass's literal `\{` `\}` and follows every backslash with
 * a zero-width space (so `\N` stays two visible characters); line breaks become spaces. Nothing a line
 * says can change how it is drawn.
 */

/**
 * Where one cue is drawn, chosen per cue by the compositor so it does not cover what the scene shows:
 * against the top, middle or bottom edge (the style's margins), or centred on a point (a caption band
 * in the backdrop's margin).
 */
export type CuePlacement = { align: "top" | "center" | "bottom" } | { centre: { x: number; y: number } };

export interface PlacedCue extends Cue {
  /** Absent: the look's own position. */
  placement?: CuePlacement;
}

export interface AssInput {
  width: number;
  height: number;
  /** null: no captions (the mark may still be drawn). */
  look: CaptionLook | null;
  cues: readonly PlacedCue[];
  watermark: boolean;
  durationSeconds: number;
}

export const WATERMARK_TEXT = "Made with Clipwright";

export function escapeAssText(text: string): string {
  return text
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, " ")
    .replace(/\\/g, "\\\u200B")
    .replace(/\{/g, "\\{")
    .replace(/\}/g, "\\}");
}

/** ASS colour from "#RRGGBB[AA]": &HAABBGGRR with AA as transparency (00 = opaque). */
export function assColor(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!m) throw new RangeError(`not a hex colour: ${hex}`);
  const alpha = 255 - (m[4] === undefined ? 255 : Number.parseInt(m[4], 16));
  const h = (s: string | number) => (typeof s === "number" ? s.toString(16) : s).padStart(2, "0").toUpperCase();
  return `&H${h(alpha)}${h(m[3] as string)}${h(m[2] as string)}${h(m[1] as string)}`;
}

/** H:MM:SS.cc */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(cs % 100).padStart(2, "0")}`;
}

export function captionFontSize(look: CaptionLook, width: number, height: number): number {
  // The ratio is against the frame's shorter side, so portrait and landscape captions match.
  return Math.max(8, Math.round(look.fontSizeRatio * Math.min(width, height)));
}

/** Distance between a caption and the frame's edge, output pixels. */
export function captionMarginV(look: CaptionLook, height: number): number {
  return Math.round(look.marginRatio * height);
}

/** The padding libass draws around boxed text (its outline width), output pixels. */
function boxPadding(look: CaptionLook, size: number): number {
  return look.boxColor !== null ? Math.round(size * 0.28) : 0;
}

/**
 * The caption's drawn size for `lines` lines of at most `chars` characters (box included), output pixels:
 * an estimate from DejaVu Sans' average advance and line height, for layout decisions.
 */
export function captionBlockSize(
  look: CaptionLook,
  output: { width: number; height: number },
  lines: number,
  chars: number,
): { width: number; height: number } {
  const size = captionFontSize(look, output.width, output.height);
  const pad = boxPadding(look, size);
  return {
    width: Math.min(output.width, Math.ceil(chars * size * advanceOf(look) + 2 * pad)),
    height: Math.ceil(lines * size * 1.17 + 2 * pad),
  };
}

const advanceOf = (look: CaptionLook): number => (look.uppercase ? 0.7 : 0.56) + (look.fontWeight >= 600 ? 0.05 : 0);

/** The cue's lines as drawn: upper-cased if the look says so, wrapped to the frame, at most maxLines. */
export function captionLines(look: CaptionLook, output: { width: number; height: number }, text: string): string[] {
  const raw = look.uppercase ? text.toUpperCase() : text;
  return wrapCaption(raw, captionLineChars(look, output.width, output.height)).slice(0, Math.max(1, look.maxLines));
}

function horizontalMargin(look: CaptionLook, width: number, height: number): number {
  return Math.round(Math.max(look.marginRatio * Math.min(width, height) * 0.6, width * 0.05));
}

/** Characters per caption line that fit the frame at this look's size (DejaVu Sans average advance). */
export function captionLineChars(look: CaptionLook, width: number, height: number): number {
  const size = captionFontSize(look, width, height);
  const advance = advanceOf(look);
  const usable = width - 2 * horizontalMargin(look, width, height) - (look.boxColor ? size * 0.6 : 0);
  return Math.max(10, Math.min(MAX_LINE_CHARS, Math.floor(usable / (size * advance))));
}

/** The corner region the mark occupies (output pixels), for tests and layout. */
export function watermarkBox(output: { width: number; height: number }): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const short = Math.min(output.width, output.height);
  const size = Math.max(10, Math.round(short * 0.022));
  const height = Math.round(size * 1.9);
  const width = Math.round(size * 12.2);
  const margin = Math.round(short * 0.025);
  return { x: output.width - margin - width, y: margin, width, height };
}

function pill(w: number, h: number): string {
  const r = h / 2;
  const k = r * 0.5523; // cubic Bézier circle constant
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return [
    `m ${n(r)} 0`,
    `l ${n(w - r)} 0`,
    `b ${n(w - r + k)} 0 ${n(w)} ${n(r - k)} ${n(w)} ${n(r)}`,
    `b ${n(w)} ${n(r + k)} ${n(w - r + k)} ${n(h)} ${n(w - r)} ${n(h)}`,
    `l ${n(r)} ${n(h)}`,
    `b ${n(r - k)} ${n(h)} 0 ${n(r + k)} 0 ${n(r)}`,
    `b 0 ${n(r - k)} ${n(r - k)} 0 ${n(r)} 0`,
  ].join(" ");
}

const ALIGN: Record<string, number> = { bottom: 2, center: 5, top: 8 };

/** The override block that puts a cue where the compositor placed it ("" for the style's own place). */
function placementTag(placement: CuePlacement | undefined): string {
  if (!placement) return "";
  if ("align" in placement) return `{\\an${ALIGN[placement.align] ?? 2}}`;
  const r = (v: number) => Math.round(v * 10) / 10;
  return `{\\an5\\pos(${r(placement.centre.x)},${r(placement.centre.y)})}`;
}

/** `{\kNN}` per word, each word's share of the cue proportional to its characters (centiseconds). */
function karaoke(text: string, seconds: number): string {
  const words = text.split(" ").filter(Boolean);
  const total = words.reduce((s, w) => s + w.length + 1, 0);
  let spentCs = 0;
  let chars = 0;
  return words
    .map((w, i) => {
      chars += w.length + 1;
      const endCs = i === words.length - 1 ? Math.round(seconds * 100) : Math.round((seconds * 100 * chars) / total);
      const k = Math.max(0, endCs - spentCs);
      spentCs = endCs;
      return `{\\k${k}}${escapeAssText(w)}`;
    })
    .join(" ");
}

export function toAss(input: AssInput): string {
  const { width, height, look } = input;
  const styles: string[] = [];
  const events: string[] = [];
  if (look) {
    const size = captionFontSize(look, width, height);
    const boxed = look.boxColor !== null;
    const outline = boxed ? boxPadding(look, size) : look.strokeColor ? Math.max(1, size * look.strokeWidthRatio) : 0;
    const primary = assColor(look.highlightColor ?? look.textColor);
    const secondary = assColor(look.textColor);
    const outlineColor = assColor(look.boxColor ?? look.strokeColor ?? "#000000");
    const marginV = captionMarginV(look, height);
    const marginH = horizontalMargin(look, width, height);
    const align = ALIGN[look.position] ?? 2;
    const style = (name: string, border: number, outlineWidth: number) =>
      `Style: ${name},${look.fontFamily},${size},${primary},${secondary},${outlineColor},&H80000000,${look.fontWeight},0,0,0,100,100,0,0,${border},${outlineWidth.toFixed(1)},0,${align},${marginH},${marginH},${marginV},1`;
    styles.push(style("Caption", boxed ? 3 : 1, outline));
    // Karaoke splits a line into one run per word and libass boxes each run, so translucent boxes would
    // overlap: the box is drawn by an invisible copy of the line underneath, the words on top unboxed.
    const splitBox = boxed && look.highlightColor !== null;
    if (splitBox) styles.push(style("CaptionWords", 1, 0));
    for (const cue of input.cues) {
      const lines = captionLines(look, { width, height }, cue.text);
      const seconds = cue.endSeconds - cue.startSeconds;
      const plain = lines.map((l) => escapeAssText(l)).join("\\N");
      const span = `${assTime(cue.startSeconds)},${assTime(cue.endSeconds)}`;
      const at = placementTag(cue.placement);
      if (!look.highlightColor) events.push(`Dialogue: 0,${span},Caption,,0,0,0,,${at}${plain}`);
      else if (!splitBox) events.push(`Dialogue: 0,${span},Caption,,0,0,0,,${at}${karaokeLines(lines, seconds)}`);
      else {
        events.push(`Dialogue: 0,${span},Caption,,0,0,0,,${at}{\\1a&HFF&}${plain}`);
        events.push(`Dialogue: 1,${span},CaptionWords,,0,0,0,,${at}${karaokeLines(lines, seconds)}`);
      }
    }
  }
  if (input.watermark) {
    const box = watermarkBox({ width, height });
    const size = Math.round(box.height / 1.9);
    styles.push(
      `Style: Mark,DejaVu Sans,${size},&H1AFFFFFF,&H1AFFFFFF,&H00000000,&H00000000,600,0,0,0,100,100,0,0,1,0,0,5,0,0,0,1`,
    );
    const end = assTime(input.durationSeconds + 1);
    events.push(
      `Dialogue: 1,0:00:00.00,${end},Mark,,0,0,0,,{\\an7\\pos(${box.x},${box.y})\\p1\\1c&H000000&\\1a&H66&}${pill(box.width, box.height)}{\\p0}`,
      `Dialogue: 2,0:00:00.00,${end},Mark,,0,0,0,,{\\an5\\pos(${box.x + box.width / 2},${box.y + box.height / 2})}${WATERMARK_TEXT}`,
    );
  }
  return [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: TV.709",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    ...styles,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    ...events,
    "",
  ].join("\n");
}

/** Karaoke over wrapped lines: the cue's time is shared by characters across all its lines. */
function karaokeLines(lines: string[], seconds: number): string {
  const total = lines.reduce((s, l) => s + l.length, 0) || 1;
  return lines.map((l) => karaoke(l, (seconds * l.length) / total)).join("\\N");
}
