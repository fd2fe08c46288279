import type { CaptionLook } from "../captions/look.js";
import type { FfmpegBinaries } from "../ffmpeg/run.js";

/**
 * The contract between the capture side (pipelines/walkthrough/capture.ts replays beats in Chromium and
 * takes the still states each beat needs) and the compositor (media/compose/, which turns those stills
 * into motion at a constant frame rate). Nothing here is wall-clock video: every frame is computed.
 */

/** A rectangle in CSS px, relative to the top-left corner of the image it belongs to. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How the captured images relate to CSS px: PNG pixels = CSS px × deviceScaleFactor. */
export interface Viewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
}

/** What happens on screen during a beat, between its `before` and `after` states. */
export type SceneMotion =
  /** A page is (re)opened: `after` is shown from the start; the cursor rests where it was. */
  | { kind: "cut" }
  /** The cursor travels to `target` (a box in `before`), clicks (ripple), then `after` appears. */
  | { kind: "click"; target: Box }
  /** The cursor travels to `target` (a box in `before`); `after` (its hover style) appears on arrival. */
  | { kind: "hover"; target: Box }
  /**
   * The cursor travels to the field `target` (a box in `before`) and clicks it; `steps` are PNGs of the
   * field filling up (evenly spaced), then `after` (the whole value typed).
   */
  | { kind: "type"; target: Box; steps: Buffer[] }
  /**
   * The page scrolls: `strip` is one tall PNG of the page from the top of the first screen to the bottom
   * of the last (viewport width), `fromY` and `toY` the CSS px offsets inside it where the first and the
   * last screens begin. `before` and `after` are the first and last screens; `target` (optional) is the
   * box scrolled to, in `after`. Elements pinned to the viewport (fixed, or sticky and stuck) are not in
   * `strip`: `fixedLayer` is a PNG of the viewport with only them, transparent elsewhere, drawn over every
   * frame of the pan at the viewport's origin; null when the page has none.
   */
  | { kind: "scroll"; strip: Buffer; fixedLayer: Buffer | null; fromY: number; toY: number; target: Box | null };

/** One beat as captured: PNG stills of the viewport (all of `viewport`'s size) and its motion. */
export interface CapturedScene {
  beatId: string;
  /** The state before the action; null for cuts (nothing to show before the page opened). */
  before: Buffer | null;
  /** The state after the action; shown for the rest of the beat. */
  after: Buffer;
  motion: SceneMotion;
  /** The page's own motion right after the action (a chart drawing in, a menu opening); null: none. */
  clip?: MotionClip | null;
}

/**
 * Real motion, recorded under a held page clock (decision 0023): PNG frames of the viewport (the size of
 * `after`), frame k showing the page k/fps s after `after` starts to appear. They play from that moment,
 * then the scene holds `after` (the settled page, which the last frame normally equals).
 */
export interface MotionClip {
  frames: Buffer[];
  fps: number;
}

/** A beat ready to compose: its stills, its narration (already synthesized) and its caption text. */
export interface ComposeScene extends CapturedScene {
  narration: {
    text: string;
    /** A WAV file of the spoken line; null when the line is empty (a silent beat). */
    wavPath: string | null;
    durationSeconds: number;
  };
}

/** What surrounds the capture in the frame. Colours are "#RRGGBB". */
export type Backdrop =
  /** The capture fills the frame (fitted on black where the aspect ratios differ). */
  | { kind: "none" }
  /** The capture is inset (margin, rounded corners, soft shadow) over one colour… */
  | { kind: "solid"; color: string }
  /** …or over a linear gradient; 0° runs bottom to top, clockwise, as in CSS. */
  | { kind: "gradient"; from: string; to: string; angleDegrees: number };

/** How the frame looks around and over the capture. */
export interface FrameStyle {
  backdrop: Backdrop;
  /** How burned-in captions are drawn; null burns none (the WebVTT file is written either way). */
  captions: CaptionLook | null;
  /**
   * How the viewer's hand is shown: an arrow cursor that travels and clicks (desktop captures), or a
   * touch indicator that appears where the finger taps and fades (phone captures, which have no cursor).
   */
  pointer: "arrow" | "touch";
}

export interface ComposeInput {
  scenes: ComposeScene[];
  viewport: Viewport;
  /** Output size in pixels (even numbers): 1920×1080, 1080×1920 or 1080×1080. */
  output: { width: number; height: number };
  fps: number;
  style: FrameStyle;
  /** Draws the free-tier mark on every frame. */
  watermark: boolean;
  /**
   * A fixed length: the beats' holds are shortened, or stretched up to the quiet-hold cap (timeline.ts
   * MAX_QUIET_HOLD_SECONDS), towards round(targetSeconds × fps) frames; narration is never cut. Content
   * too short to fill it gives a shorter video, never silence (ComposedVideo.durationSeconds is the real
   * length). Null: each beat is as long as its motion and narration need.
   */
  targetSeconds: number | null;
  /** Directory for the outputs (created if missing); temporary files are removed before returning. */
  outDir: string;
  /** The ffmpeg and ffprobe programs to run (the service's configured ones). */
  binaries: FfmpegBinaries;
  signal?: AbortSignal;
  /** Called with 0–100 as frames are produced; never decreasing. */
  onProgress?: (percent: number) => void;
}

export interface ComposedFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** Where each beat landed in the video (the same numbers time the audio, captions and frames). */
export interface SceneTiming {
  beatId: string;
  startFrame: number;
  frames: number;
  startSeconds: number;
  durationSeconds: number;
  /** When the beat's narration starts (seconds from the video's start). */
  narrationStartSeconds: number;
}

export interface ComposedVideo {
  /** MP4: H.264 yuv420p, AAC 48 kHz, moov before mdat. */
  video: ComposedFile;
  /** JPEG of a representative frame, at the output size. */
  poster: ComposedFile;
  /** WebVTT captions timed from the same numbers as the narration. */
  captions: ComposedFile;
  frames: number;
  /** frames / fps. */
  durationSeconds: number;
  timings: SceneTiming[];
}
