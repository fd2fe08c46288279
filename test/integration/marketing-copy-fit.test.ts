import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool } from "../../src/media/browser/index.js";
import { loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";
import { ChromiumCopyFit } from "../../src/pipelines/marketing/layout/chromium-copy-fit.js";
import { PROJECTS } from "../unit/marketing-edits/fixtures.js";

// The copy-fit check the API measures every revision with: what it measures, and that what it remembers
// answers exactly as a fresh measure would (scenes keyed on what their layouts draw).
describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("the copy-fit check", () => {
  let pool: BrowserPool;
  let fit: ChromiumCopyFit;
  const source = { assets: [] };
  const doc = (): CampaignDocument => {
    const d = structuredClone(PROJECTS.feature.document);
    d.style.fonts = { heading: "dejavu-sans", body: "liberation-sans" };
    d.style.logo.hidden = true;
    return d;
  };
  const long = "Supercalifragilisticexpialidociousonboardingchecklistsforteams";

  beforeAll(async () => {
    pool = new BrowserPool();
    fit = new ChromiumCopyFit(pool, await loadFontCatalogue());
  });
  afterAll(async () => {
    await fit?.close();
    await pool?.close();
  });

  it("names the field that does not fit, and answers the same from memory as a fresh check", async () => {
    const wide = doc();
    (wide.story.scenes[0] as { headline: string }).headline = long;
    const first = await fit.overflow(wide, source);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ sceneId: wide.story.scenes[0]?.id, field: "headline" });

    // Narration and seconds are not drawn: the remembered measure stands.
    const spoken = structuredClone(wide);
    (spoken.story.scenes[0] as { narration: string }).narration = "Something else entirely.";
    expect(await fit.overflow(spoken, source)).toEqual(first);
    const fresh = new ChromiumCopyFit(pool, await loadFontCatalogue());
    expect(await fresh.overflow(spoken, source)).toEqual(first);
    await fresh.close();

    // What is drawn changes the answer: a short headline fits; the orientation is measured again.
    const fixed = structuredClone(wide);
    (fixed.story.scenes[0] as { headline: string }).headline = "Ship faster";
    expect(await fit.overflow(fixed, source)).toEqual([]);
    const square = structuredClone(wide);
    square.export.orientation = "square";
    expect((await fit.overflow(square, source))[0]).toMatchObject({ field: "headline" });
  }, 120_000);
});
