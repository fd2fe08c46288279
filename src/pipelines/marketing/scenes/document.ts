import { readFileSync } from "node:fs";
import type { CampaignPalette } from "../campaign/document.js";
import type { SceneContent } from "./content.js";
import { SCENE_FRAMES } from "./frame.js";
import { attrs } from "./html.js";
import { SCENE_LAYOUTS } from "./layouts.js";
import { paletteProperties } from "./palette.js";
import { type LayoutContext, logoMark, progressMarks } from "./parts.js";
import { TYPE_SCALE, type TypeScale } from "./type-scale.js";
import type { SceneLayers } from "./types.js";

/**
 * A scene as one page: the frame (its size, safe area and palette as custom properties), the plate
 * under everything, the safe area holding the top bar (logo, progress) and the stage the kind's layout
 * fills. The layers drawn are a class on the frame: the plate's leaves the sprites' boxes in place.
 */

const BASE_CSS = ["./base.css", "./parts.css"]
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");

export interface SceneMarkup {
  html: string;
  css: string;
}

/** A scene with no visual gives its words the room: headlines and quotes may start this much larger. */
const SOLO_BOOST = 1.2;

function scaleFor(content: SceneContent): TypeScale {
  const own = SCENE_LAYOUTS[content.scene.kind].scale?.[content.orientation] ?? {};
  const scale = { ...TYPE_SCALE[content.orientation], ...own };
  if (content.visual) return scale;
  const boost = (r: TypeScale["headline"]) => ({ ...r, max: Math.round(r.max * SOLO_BOOST) });
  return { ...scale, headline: boost(scale.headline), quote: boost(scale.quote) };
}

export function sceneMarkup(content: SceneContent, palette: CampaignPalette, layers: SceneLayers): SceneMarkup {
  const layout = SCENE_LAYOUTS[content.scene.kind];
  const ctx: LayoutContext = { ...content, scale: scaleFor(content) };
  const frame = SCENE_FRAMES[content.orientation];
  // The bar's logo unless the scene shows it large already (its layout does, or it is the visual).
  const large = layout.ownsLogo?.(content) || content.visual?.type === "logo";
  const logo = large ? "" : logoMark(ctx, "bar");
  const progress = progressMarks(ctx);
  const bar = logo || progress ? `<header class="bar">${logo}${progress}</header>` : "";
  const style = [
    `--w:${frame.width}px;--h:${frame.height}px`,
    `--safe-top:${frame.safe.top}px;--safe-right:${frame.safe.right}px`,
    `--safe-bottom:${frame.safe.bottom}px;--safe-left:${frame.safe.left}px`,
    paletteProperties(palette),
  ].join(";");
  const classes = [
    "scene",
    `k-${content.scene.kind.replaceAll("_", "-")}`,
    `o-${content.orientation}`,
    `layers-${layers}`,
    content.visual ? `with-${content.visual.type}` : "plain",
  ].join(" ");
  const stage = `<div class="stage ${content.visual ? "has-visual" : "no-visual"}">${layout.html(ctx)}</div>`;
  const html =
    `<div${attrs({ class: classes, style })}><div class="plate"><i class="ring"></i></div>` +
    `<div class="safe" data-region>${bar}${stage}</div></div>`;
  return { html, css: `${BASE_CSS}\n${layout.css}` };
}
