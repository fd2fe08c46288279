import { readFile } from "node:fs/promises";
import { ctaHost } from "../campaign/cta-host.js";
import type { CampaignOrientation, CampaignScene } from "../campaign/document.js";
import type { SceneImage, SceneSpec } from "./types.js";

/**
 * A spec made what the templates draw: images as data: URLs (or no URL for a measure, which needs only
 * their ratio), the logo unless hidden, the call to action's host. Nothing here fetches: the files were
 * read from storage by the caller, or are paths on this machine.
 */

export class SceneAssetError extends Error {
  override readonly name = "SceneAssetError";
}

export interface SceneImageContent {
  /** A data: URL; null when drawing for a measure (the box is the same, nothing is decoded). */
  src: string | null;
  /** Width over height. */
  ratio: number;
}

export interface SceneVisualContent extends SceneImageContent {
  type: "screenshot" | "image" | "logo" | "footage";
}

export interface SceneContent {
  scene: CampaignScene;
  orientation: CampaignOrientation;
  coverText: string | null;
  visual: SceneVisualContent | null;
  logo: (SceneImageContent & { scale: number }) | null;
  position: { index: number; total: number; ofKind: number } | null;
  /** The call to action's host, shown under its button when short ("example.com"). */
  host: string | null;
}

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "image/svg+xml"]);
const MAX_HOST = 40;

async function image(what: string, img: SceneImage, withPixels: boolean): Promise<SceneImageContent> {
  const type = img.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!IMAGE_TYPES.has(type)) throw new SceneAssetError(`${what} is not an image a scene can show: ${type}`);
  if (!(img.width > 0 && img.height > 0)) throw new SceneAssetError(`${what} has no size`);
  let src: string | null = null;
  if (withPixels) {
    const bytes = typeof img.file === "string" ? await readFile(img.file) : img.file;
    src = `data:${type};base64,${bytes.toString("base64")}`;
  }
  return { src, ratio: img.width / img.height };
}

function hostOf(url: string | undefined): string | null {
  const host = ctaHost(url);
  return host && host.length <= MAX_HOST ? host : null;
}

export async function sceneContent(spec: SceneSpec, withPixels: boolean): Promise<SceneContent> {
  const { scene, style, assets } = spec;
  const logo =
    !style.logo.hidden && assets.logo
      ? { ...(await image("the logo", assets.logo, withPixels)), scale: style.logo.scale }
      : null;
  let visual: SceneVisualContent | null = null;
  const v = scene.visual;
  if (v.type === "screenshot" || v.type === "image") {
    if (!assets.visual) throw new SceneAssetError(`scene ${scene.id}: its ${v.type} ${v.assetId} was not given`);
    visual = { type: v.type, ...(await image(`${v.type} ${v.assetId}`, assets.visual, withPixels)) };
  } else if (v.type === "logo" && !style.logo.hidden) {
    // A hidden logo is hidden everywhere, its own scene included: the scene is drawn on the plate.
    if (!assets.logo) throw new SceneAssetError(`scene ${scene.id}: its logo ${v.assetId} was not given`);
    visual = { type: "logo", ...(await image("the logo", assets.logo, withPixels)) };
  } else if (v.type === "footage") {
    // The footage plays in this box in the export; the still shows where (its poster, else the plate).
    visual = assets.visual
      ? { type: "footage", ...(await image("the footage's still", assets.visual, withPixels)) }
      : { type: "footage", src: null, ratio: 16 / 9 };
  }
  return {
    scene,
    orientation: spec.orientation,
    coverText: spec.coverText?.trim() ? spec.coverText : null,
    visual,
    logo,
    position: spec.position ?? null,
    host: hostOf(scene.cta?.url),
  };
}
