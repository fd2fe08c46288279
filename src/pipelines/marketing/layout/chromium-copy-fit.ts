import type { BrowserPool, BrowserSession } from "../../../media/browser/index.js";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import type { CopyFit, CopyOverflow } from "../campaign/copy-fit.js";
import type { CampaignDocument, FontRole } from "../campaign/document.js";
import { measureOverflow, openScenePage } from "../scenes/draw.js";
import { resolveSceneFonts, type SceneFonts } from "../scenes/fonts.js";
import type { SceneImage } from "../scenes/types.js";
import { sceneSpecs } from "./scene-specs.js";

/** Footage and images whose shape is unknown are laid out as a 16:9 frame. */
const WIDE = { width: 1600, height: 900 };

/** An image of the given shape, for a measure: the layouts read its ratio, never its bytes. */
const shaped = (ratio: number | null): SceneImage => ({
  file: Buffer.alloc(0),
  contentType: "image/png",
  ...(ratio && ratio > 0 ? { width: Math.round(1000 * ratio), height: 1000 } : WIDE),
});

/**
 * The copy-fit check on the process's Chromium: one page, kept open and used by one measure at a time
 * (measures queue behind each other: each takes a few tens of milliseconds), reopened when it dies. The
 * fonts of each pair of catalogue ids are resolved once.
 */
export class ChromiumCopyFit implements CopyFit {
  private session: Promise<BrowserSession> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly fonts = new Map<string, Promise<SceneFonts>>();

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
    const session = await this.page();
    try {
      const out: CopyOverflow[] = [];
      for (const spec of specs) out.push(...(await measureOverflow(session.page, spec)));
      return out;
    } catch (err) {
      // A page that crashed or closed is opened afresh for the next measure.
      this.session = null;
      await session.close().catch(() => undefined);
      throw err;
    }
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
