// The scene layouts as a person sees them: every kind in every orientation, with Grayscale's copy on a
// dark palette, on a light one, and with every field at its cap, each set tiled into one PNG
// (bench/.out/scenes/<set>.png; the stills beside it). Look at the grids after changing a layout.
//
//   node --import tsx bench/scenes-look.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { BrowserPool } from "../src/media/browser/index.js";
import { loadFontCatalogue } from "../src/media/fonts/catalogue.js";
import {
  CAMPAIGN_ORIENTATIONS,
  type CampaignPalette,
  type CampaignScene,
  SCENE_KINDS,
} from "../src/pipelines/marketing/campaign/document.js";
import { drawScenePreview, openScenePage } from "../src/pipelines/marketing/scenes/draw.js";
import { resolveSceneFonts } from "../src/pipelines/marketing/scenes/fonts.js";
import { SCENE_FRAMES } from "../src/pipelines/marketing/scenes/frame.js";
import type { SceneImage } from "../src/pipelines/marketing/scenes/types.js";
import {
  cappedCopy,
  DARK_PALETTE,
  GRAYSCALE_COPY,
  LIGHT_PALETTE,
  sceneOf,
  wordsToCap,
} from "../test/support/scene-specs.js";

const OUT = resolve(import.meta.dirname, ".out/scenes");
const GRAYSCALE = resolve(
  import.meta.dirname,
  "../node_modules/.cache/clipwright-sites/node_modules/startbootstrap-grayscale/dist/index.html",
);
const TILE = 0.25;
const logoStyle = { sourceId: "src-1", assetId: "logo-1", scale: 1, hidden: false };
const GAP = 16;

const pool = new BrowserPool();
try {
  const shots = await grayscaleShots(pool);
  const catalogue = await loadFontCatalogue();
  const sets: { name: string; palette: CampaignPalette; fonts: [string, string]; capped: boolean; logo: SceneImage }[] =
    [
      {
        name: "dark",
        palette: DARK_PALETTE,
        fonts: ["dejavu-sans", "liberation-sans"],
        capped: false,
        logo: wordmark("#f4f6f5"),
      },
      {
        name: "light",
        palette: LIGHT_PALETTE,
        fonts: ["liberation-sans", "dejavu-sans"],
        capped: false,
        logo: wordmark("#0f172a"),
      },
      {
        name: "caps",
        palette: LIGHT_PALETTE,
        fonts: ["dejavu-serif", "dejavu-sans"],
        capped: true,
        logo: wordmark("#0f172a"),
      },
    ];
  const session = await openScenePage(pool);
  for (const set of sets) {
    const fonts = await resolveSceneFonts(catalogue, { heading: set.fonts[0], body: set.fonts[1] });
    const dir = join(OUT, set.name);
    mkdirSync(dir, { recursive: true });
    for (const orientation of CAMPAIGN_ORIENTATIONS) {
      const stills: Buffer[] = [];
      for (const [index, kind] of SCENE_KINDS.entries()) {
        const copy = set.capped ? cappedCopy(kind) : GRAYSCALE_COPY[kind];
        const scene: CampaignScene = sceneOf(kind, copy);
        const started = performance.now();
        const { png, overflow } = await drawScenePreview(session.page, {
          scene,
          style: { palette: set.palette, fonts: { heading: set.fonts[0], body: set.fonts[1] }, logo: logoStyle },
          orientation,
          coverText: index === 0 ? (set.capped ? wordsToCap(60, 2) : "Free and open source") : null,
          position: { index, total: SCENE_KINDS.length, ofKind: 2 },
          assets: { visual: scene.visual.type === "screenshot" ? shots[scene.visual.assetId] : null, logo: set.logo },
          fonts,
        });
        const ms = Math.round(performance.now() - started);
        writeFileSync(join(dir, `${kind}-${orientation}.png`), png);
        const over = overflow.map((o) => `${o.field} ${o.lines}/${o.maxLines} +${o.overflowPx}px`).join(", ");
        console.log(
          `${set.name} ${kind} ${orientation}: ${(png.length / 1024).toFixed(0)} kB, ${ms} ms${over ? `  OVERFLOW ${over}` : ""}`,
        );
        stills.push(png);
      }
      const frame = SCENE_FRAMES[orientation];
      const grid = await tile(stills, [frame.width, frame.height], orientation === "landscape" ? 3 : 5);
      writeFileSync(join(OUT, `${set.name}-${orientation}.png`), grid);
      console.log(`grid: ${join(OUT, `${set.name}-${orientation}.png`)}`);
    }
  }
  await session.close();
} finally {
  await pool.close();
}

/** A wordmark in the DejaVu Sans the machine has (Grayscale's brand is text). */
function wordmark(colour: string): SceneImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="72" viewBox="0 0 360 72"><rect x="0" y="14" width="44" height="44" rx="10" fill="#64a19d"/><text x="60" y="52" font-family="DejaVu Sans" font-weight="700" font-size="38" letter-spacing="4" fill="${colour}">GRAYSCALE</text></svg>`;
  return { file: Buffer.from(svg), contentType: "image/svg+xml", width: 360, height: 72 };
}

/** Grayscale's first screen and its projects section, shot from the corpus copy (nothing fetched). */
async function grayscaleShots(p: BrowserPool): Promise<Record<string, SceneImage>> {
  const session = await p.newSession({
    width: 1440,
    height: 900,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  });
  try {
    await session.context.route(/^https?:/, (route) => route.abort());
    await session.page.goto(`file://${GRAYSCALE}`, { waitUntil: "load" });
    const hero = await session.page.screenshot({ type: "jpeg", quality: 85 });
    await session.page.locator("#projects").scrollIntoViewIfNeeded();
    const section = await session.page.screenshot({ type: "jpeg", quality: 85 });
    const image = (file: Buffer): SceneImage => ({ file, contentType: "image/jpeg", width: 1440, height: 900 });
    return { "screenshot-1": image(hero), "screenshot-2": image(section) };
  } finally {
    await session.close();
  }
}

/** Stills of one size scaled down and laid out `columns` to a row on grey. */
async function tile(stills: Buffer[], size: readonly [number, number], columns: number): Promise<Buffer> {
  const [w, h] = [Math.round(size[0] * TILE), Math.round(size[1] * TILE)];
  const rows = Math.ceil(stills.length / columns);
  const layers: OverlayOptions[] = [];
  for (const [i, png] of stills.entries()) {
    const input = await sharp(png).resize(w, h).png().toBuffer();
    layers.push({ input, left: GAP + (i % columns) * (w + GAP), top: GAP + Math.floor(i / columns) * (h + GAP) });
  }
  const width = GAP + columns * (w + GAP);
  const height = GAP + rows * (h + GAP);
  return sharp({ create: { width, height, channels: 3, background: "#7d8288" } })
    .composite(layers)
    .png()
    .toBuffer();
}
