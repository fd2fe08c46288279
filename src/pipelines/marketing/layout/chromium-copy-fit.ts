import type { BrowserPool, BrowserSession } from "../../../media/browser/index.js";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import type { CopyFit, CopyOverflow } from "../campaign/copy-fit.js";
import type { CampaignDocument, FontRole } from "../campaign/document.js";
import { measureOverflow, openScenePage } from "../scenes/draw.js";
import { resolveSceneFonts, type SceneFonts } from "../scenes/fonts.js";
import type { SceneImage, SceneSpec } from "../scenes/types.js";
import { sceneSpecs } from "./scene-specs.js";

/** Measures remembered: a few thousand scenes, a few hundred bytes each. */
const REMEMBERED = 4000;

/** Footage and images whose shape is unknown are laid out as a 16:9 frame. */
const WIDE = { width: 1600, height: 900 };

/** An image of the given shape, for a measure: the layouts read its ratio, never its bytes. */
const shaped = (ratio: number | null): SceneImage => ({
  file: Buffer.alloc(0),
  contentType: "image/png",
  ...(ratio && ratio > 0 ? { width: Math.round(1000 * ratio), height: 1000 } : WIDE),
});

/**
 * Everything a scene's measure depends on: what its layout draws (not its narration or seconds, which no
 * layout shows), the look, the frame, its place among the visible scenes, the cover text and the shapes of
 * its pictures. Equal keys, equal overflow.
 */
function measureKey(spec: SceneSpec): string {
  const { narration: _n, seconds: _s, ...drawn } = spec.scene;
  const shape = (img: SceneImage | null | undefined) => (img ? img.width / img.height : null);
  return JSON.stringify([
    drawn,
    spec.style.palette,
    spec.style.fonts,
    spec.style.logo,
    spec.orientation,
    spec.coverText ?? null,
    spec.position ?? null,
    shape(spec.assets.visual),
    shape(spec.assets.logo),
  ]);
}

/**
 * The copy-fit check on the process's Chromium: one page, kept open and used by one measure at a time
 * (measures queue behind each other: each takes a few tens of milliseconds), reopened when it dies. The
 * fonts of each pair of catalogue ids are resolved once, and a scene measured before is not measured again
 * (measureKey): an edit of the speed, the voice or the music measures nothing, one of the copy only the
 * scene it changed.
 */
export class ChromiumCopyFit implements CopyFit {
  private session: Promise<BrowserSession> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly fonts = new Map<string, Promise<SceneFonts>>();
  private readonly measured = new Map<string, CopyOverflow[]>();

  constructor(
    private readonly browser: BrowserPool,
    private readonly catalogue: FontCatalogue,
  ) {}

  overflow(document: CampaignDocument, source: { assets: readonly { id: string; aspectRatio: number | null }[] }) {
    const run = this.queue.then(() => this.measure(document, source));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const session = await this.session?.catch(() => null);
    this.session = null;
    await session?.close();
  }

  private async measure(
    document: CampaignDocument,
    source: { assets: readonly { id: string; aspectRatio: number | null }[] },
  ): Promise<CopyOverflow[]> {
    const fonts = await this.fontsOf(document.style.fonts);
    const ratio = (id: string) => source.assets.find((a) => a.id === id)?.aspectRatio ?? null;
    const specs = await sceneSpecs(
      document,
      fonts,
      async (id) => shaped(ratio(id)),
      async () => shaped(null),
    );
    const out: CopyOverflow[] = [];
    let session: BrowserSession | null = null;
    try {
      // In scene order, so the first overflow named is the first on screen.
      for (const spec of specs) {
        const key = measureKey(spec);
        let overflow = this.measured.get(key);
        if (!overflow) {
          session ??= await this.page();
          overflow = await measureOverflow(session.page, spec);
          this.remember(key, overflow);
        }
        out.push(...overflow);
      }
      return out;
    } catch (err) {
      // A page that crashed or closed is opened afresh for the next measure.
      this.session = null;
      await session?.close().catch(() => undefined);
      throw err;
    }
  }

  private remember(key: string, overflow: CopyOverflow[]): void {
    // Oldest first out: a Map keeps insertion order.
    if (this.measured.size >= REMEMBERED) this.measured.delete(this.measured.keys().next().value as string);
    this.measured.set(key, overflow);
  }

  private page(): Promise<BrowserSession> {
    this.session ??= openScenePage(this.browser);
    return this.session;
  }

  private fontsOf(ids: Record<FontRole, string>): Promise<SceneFonts> {
    const key = `${ids.heading}|${ids.body}`;
    let fonts = this.fonts.get(key);
    if (!fonts) {
      fonts = resolveSceneFonts(this.catalogue, ids);
      fonts.catch(() => this.fonts.delete(key));
      this.fonts.set(key, fonts);
    }
    return fonts;
  }
}
