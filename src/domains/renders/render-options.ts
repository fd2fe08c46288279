import type { CaptureSpec } from "../../media/browser/index.js";
import type { CaptionLook } from "../../media/captions/look.js";
import type { Backdrop, FrameStyle } from "../../media/compose/types.js";
import type { StoredStoryboardOptions } from "../../pipelines/walkthrough/storyboard-input.js";
import type { Catalog } from "../catalog/catalog.js";
import { type ResolvedRenderOptions, resolveRenderOptions } from "../catalog/resolve.js";
import type { BackgroundOption, CaptionStyleOption } from "../catalog/schemas.js";

/**
 * A storyboard's options resolved again at render time: the catalogue may have changed since it was
 * planned (a voice uninstalled), and such a render is refused with the same codes as a new request.
 * The template was merged in when the storyboard was made, so it is not looked up again.
 */
export function resolveStoredOptions(catalog: Catalog, stored: StoredStoryboardOptions): ResolvedRenderOptions {
  return resolveRenderOptions(catalog, {
    avatar: stored.avatar,
    background: stored.background,
    captionStyle: stored.captionStyle,
    capture: stored.capture,
    language: stored.language,
    orientation: stored.orientation,
    voiceId: stored.voiceId,
    targetSeconds: stored.targetSeconds,
    maxSeconds: stored.maxSeconds,
  });
}

/** The options as a storyboard or render stores them (catalogue ids). */
export function storedOptionsOf(resolved: ResolvedRenderOptions): StoredStoryboardOptions {
  return {
    avatar: resolved.avatar.id,
    background: resolved.background.id,
    captionStyle: resolved.captionStyle.id,
    capture: resolved.capture.id,
    language: resolved.language,
    orientation: resolved.orientation.id,
    voiceId: resolved.voice?.id ?? null,
    templateId: resolved.templateId,
    targetSeconds: resolved.targetSeconds,
    maxSeconds: resolved.maxSeconds,
  };
}

/** How the browser sees the site for this capture option. */
export function captureSpecOf(resolved: ResolvedRenderOptions): CaptureSpec {
  return {
    width: resolved.capture.viewport.width,
    height: resolved.capture.viewport.height,
    deviceScaleFactor: resolved.capture.deviceScaleFactor,
    isMobile: resolved.capture.mobile,
    hasTouch: resolved.capture.mobile,
  };
}

/** The compositor's terms for a catalogue background. */
function backdropOf(background: BackgroundOption): Backdrop {
  const [first, second] = background.colors;
  if (background.kind === "none" || first === undefined) return { kind: "none" };
  if (background.kind === "solid") return { kind: "solid", color: first };
  return { kind: "gradient", from: first, to: second ?? first, angleDegrees: background.angleDegrees ?? 180 };
}

/** The compositor's terms for a caption style: its look when burned in, else null. */
export function captionLookOf(style: CaptionStyleOption): CaptionLook | null {
  const look = style.burnedIn ? style.look : null;
  if (!look) return null;
  const position = look.position === "top" || look.position === "center" ? look.position : "bottom";
  return { ...look, position };
}

/**
 * How the compositor draws the frame for these options: the backdrop, the burned-in captions' look and
 * the pointer (a touch capture has no cursor, so it shows taps instead of an arrow).
 */
export function frameStyleOf(
  resolved: Pick<ResolvedRenderOptions, "background" | "captionStyle" | "capture">,
): FrameStyle {
  return {
    backdrop: backdropOf(resolved.background),
    captions: captionLookOf(resolved.captionStyle),
    pointer: resolved.capture.mobile ? "touch" : "arrow",
  };
}
