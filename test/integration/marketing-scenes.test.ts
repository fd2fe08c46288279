import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool } from "../../src/media/browser/index.js";
import type { BrowserSession } from "../../src/media/browser/pool.js";
import { type FontCatalogue, loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import {
  CAMPAIGN_ORIENTATIONS,
  type CampaignOrientation,
  type CampaignScene,
  SCENE_KINDS,
} from "../../src/pipelines/marketing/campaign/document.js";
import { TEXT_CAPS } from "../../src/pipelines/marketing/campaign/limits.js";
import { drawScenePreview, measureOverflow, openScenePage } from "../../src/pipelines/marketing/scenes/draw.js";
import { resolveSceneFonts, type SceneFonts } from "../../src/pipelines/marketing/scenes/fonts.js";
import { SCENE_FRAMES } from "../../src/pipelines/marketing/scenes/frame.js";
import type { SceneImage, SceneSpec, SpriteBox } from "../../src/pipelines/marketing/scenes/types.js";
import { cappedCopy, GRAYSCALE_COPY, LIGHT_PALETTE, sceneOf, wordsToCap } from "../support/scene-specs.js";

// Scene layouts drawn by a real Chromium with the machine's fonts: every kind in every orientation gives
// a still of its frame's size with every field at its cap inside the safe area (the caps are the
// layouts' contract, in every installed font, with the logo at its largest scale), a 60-letter word is
// reported as overflow, and nothing is ever requested from the network.

const IMG = (name: string) => fileURLToPath(new URL(`../fixtures/marketing/saas/img/${name}`, import.meta.url));
const SCREENSHOT: SceneImage = { file: IMG("hero-dashboard.png"), contentType: "image/png", width: 1200, height: 720 };
const WIDE_LOGO: SceneImage = { file: IMG("logo.png"), contentType: "image/png", width: 480, height: 120 };
/** The same file said to be square: the tallest a logo gets. */
const SQUARE_LOGO: SceneImage = { ...WIDE_LOGO, width: 120, height: 120 };

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("scene layouts in Chromium", () => {
  let pool: BrowserPool;
  let session: BrowserSession;
  let catalogue: FontCatalogue;
  let fonts: SceneFonts;
  const requests: string[] = [];

  beforeAll(async () => {
    pool = new BrowserPool();
    [session, catalogue] = await Promise.all([openScenePage(pool), loadFontCatalogue()]);
    session.page.on("request", (r) => requests.push(r.url()));
    fonts = await resolveSceneFonts(catalogue, { heading: "dejavu-sans", body: "liberation-sans" });
  });
  afterAll(async () => {
    await session?.close();
    await pool?.close();
  });

  const spec = (scene: CampaignScene, orientation: CampaignOrientation, over: Partial<SceneSpec> = {}): SceneSpec => ({
    scene,
    style: {
      palette: LIGHT_PALETTE,
      fonts: { heading: "dejavu-sans", body: "liberation-sans" },
      logo: { sourceId: "src-1", assetId: "logo-1", scale: 2, hidden: false },
    },
    orientation,
    coverText: wordsToCap(TEXT_CAPS.coverText, 2),
    position: { index: 2, total: 7, ofKind: 3 },
    assets: { visual: scene.visual.type === "plate" ? null : SCREENSHOT, logo: WIDE_LOGO },
    fonts,
    ...over,
  });

  const inside = (box: SpriteBox, orientation: CampaignOrientation) => {
    const { width, height, safe } = SCENE_FRAMES[orientation];
    return (
      box.x >= safe.left - 1 &&
      box.y >= safe.top - 1 &&
      box.x + box.width <= width - safe.right + 1 &&
      box.y + box.height <= height - safe.bottom + 1
    );
  };

  it("draws every kind in every orientation at its frame's size, every field at its cap inside the safe area", async () => {
    for (const kind of SCENE_KINDS) {
      const scene = sceneOf(kind, { ...cappedCopy(kind), visual: { type: "screenshot", assetId: "screenshot-1" } });
      for (const orientation of CAMPAIGN_ORIENTATIONS) {
        const { png, overflow, sprites } = await drawScenePreview(session.page, spec(scene, orientation));
        const meta = await sharp(png).metadata();
        const frame = SCENE_FRAMES[orientation];
        expect([kind, orientation, meta.format, meta.width, meta.height]).toEqual([
          kind,
          orientation,
          "png",
          frame.width,
          frame.height,
        ]);
        expect({ kind, orientation, overflow }).toEqual({ kind, orientation, overflow: [] });
        const names = new Set(sprites.map((s) => s.name));
        for (const name of ["logo", "visual", "coverText", "progress"])
          expect(names, `${kind} ${orientation}`).toContain(name);
        const outside = sprites.filter((s) => !inside(s, orientation));
        expect({ kind, orientation, outside }).toEqual({ kind, orientation, outside: [] });
      }
    }
  }, 90_000);

  it("holds every field at its cap at the minimum size in every installed font, with any logo at scale 2", async () => {
    const failures: string[] = [];
    for (const font of catalogue.fonts) {
      const both = await resolveSceneFonts(catalogue, { heading: font.id, body: font.id });
      // A screenshot under the tallest logo, and the plate (the words' own layout) under the widest.
      const cases = [
        { visual: { type: "screenshot" as const, assetId: "screenshot-1" }, logo: SQUARE_LOGO },
        { visual: { type: "plate" as const }, logo: WIDE_LOGO },
      ];
      for (const { visual, logo } of cases) {
        for (const kind of SCENE_KINDS) {
          const scene = sceneOf(kind, { ...cappedCopy(kind), visual });
          for (const orientation of CAMPAIGN_ORIENTATIONS) {
            const over = await measureOverflow(
              session.page,
              spec(scene, orientation, { fonts: both, assets: { visual: SCREENSHOT, logo } }),
            );
            for (const o of over)
              failures.push(`${font.id} ${kind} ${orientation} ${visual.type}: ${JSON.stringify(o)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("reports a 60-letter word as overflow of its field, with how far it runs over", async () => {
    const word = "Supercalifragilisticexpialidociousnessandevenmorelettersxyzw";
    expect(word).toHaveLength(60);
    for (const orientation of CAMPAIGN_ORIENTATIONS) {
      const headline = sceneOf("feature", { ...GRAYSCALE_COPY.feature, headline: word }, "sc-long");
      const overflow = await measureOverflow(session.page, spec(headline, orientation));
      expect(overflow).toEqual([
        {
          sceneId: "sc-long",
          field: "headline",
          lines: expect.any(Number),
          maxLines: expect.any(Number),
          overflowPx: expect.any(Number),
        },
      ]);
      expect(overflow[0]?.overflowPx).toBeGreaterThan(50);

      // A call to action is capped at 32 characters: one word of that length still fits its button.
      const button = sceneOf("call_to_action", {
        ...GRAYSCALE_COPY.call_to_action,
        cta: { text: word.slice(0, TEXT_CAPS.ctaText), url: "https://example.com/" },
      });
      expect(await measureOverflow(session.page, spec(button, orientation))).toEqual([]);
    }
    // Quotes and body copy are set smaller: the word runs past the narrowest lines, portrait's (wider
    // ones, 1,300 px at 38 px in landscape, hold sixty letters).
    const quote = sceneOf("quote", { ...GRAYSCALE_COPY.quote, quote: { text: `It is ${word} indeed`, author: "Ada" } });
    expect((await measureOverflow(session.page, spec(quote, "portrait"))).map((o) => o.field)).toEqual(["quote"]);
    const body = sceneOf("faq", { ...GRAYSCALE_COPY.faq, body: `Yes: ${word}.` });
    expect((await measureOverflow(session.page, spec(body, "portrait"))).map((o) => o.field)).toEqual(["body"]);
  });

  it("draws the plate and the sprites as separate layers with the same boxes", async () => {
    const scene = sceneOf("hook", GRAYSCALE_COPY.hook);
    const all = await drawScenePreview(session.page, spec(scene, "square", { layers: "all" }));
    const plate = await drawScenePreview(session.page, spec(scene, "square", { layers: "plate" }));
    const sprites = await drawScenePreview(session.page, spec(scene, "square", { layers: "sprites" }));
    expect(plate.sprites).toEqual(all.sprites);
    expect(sprites.sprites).toEqual(all.sprites);
    const pixel = async (png: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * 4;
      return [...data.subarray(at, at + 4)];
    };
    // A corner is plate: opaque in the plate, transparent among the sprites.
    expect((await pixel(plate.png, 2, 2))[3]).toBe(255);
    expect((await pixel(sprites.png, 2, 2))[3]).toBe(0);
    // The headline's middle: ink in the still and the sprites, the plate's colour where it would be.
    const h = all.sprites.find((s) => s.name === "headline") as SpriteBox;
    const stillInk = await sharp(all.png).extract({ left: h.x, top: h.y, width: h.width, height: h.height }).stats();
    const plateUnder = await sharp(plate.png)
      .extract({ left: h.x, top: h.y, width: h.width, height: h.height })
      .stats();
    expect(stillInk.channels[0]?.min).toBeLessThan(60);
    expect(plateUnder.channels[0]?.min).toBeGreaterThan(180);
  });

  it("escapes the copy and requests nothing from the network", async () => {
    const hostile = sceneOf("hook", {
      ...GRAYSCALE_COPY.hook,
      headline: `<img src="http://127.0.0.1:9/x.png"> & <style>@import url(http://127.0.0.1:9/a.css)</style>`,
      body: `"><link rel="stylesheet" href="https://example.com/x.css"><script>fetch("/y")</script>`,
    });
    const { sprites } = await drawScenePreview(session.page, spec(hostile, "portrait"));
    expect(sprites.map((s) => s.name)).toEqual(expect.arrayContaining(["headline", "body"]));
    const text = await session.page.locator("#cw-root .t-headline").textContent();
    expect(text).toContain('<img src="http://127.0.0.1:9/x.png">');
    expect(await session.page.locator("#cw-root script, #cw-root link, #cw-root style").count()).toBe(0);
    expect(requests).toEqual([]);
  });
});
