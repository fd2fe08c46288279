import { iso } from "../../../../clock.js";
import { siteNameFrom } from "../../../browsing/site-name.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../../run.js";
import type { InspectionDeps } from "../../deps.js";
import type { InspectionInput } from "../../input.js";
import {
  INSPECTOR_VERSION,
  isDegraded,
  MANIFEST_SCHEMA_ID,
  type ManifestPage,
  type ManifestWarning,
  type SourceManifest,
} from "../../source/manifest.js";
import { type ColourSample, mergePalette } from "../../source/palette-merge.js";
import { VersionFiles } from "../../source/store-version.js";
import { isFound } from "../brand/page-extract.js";
import { type CopyResult, mapCopy, type PageText } from "../copy/copy-map.js";
import { parseHtml } from "../read/html-document.js";
import { extractMainCopy } from "../read/main-copy.js";
import { extractMetadata, type PageMetadata } from "../read/metadata.js";
import type { Gathered, GatheredPage } from "./gathered.js";

type UrlInput = Extract<InspectionInput, { kind: "url" }>;

/** "Usable" (decision 0025): a name or headline, or this many words of main copy, or a logo. */
const USABLE_WORDS = 20;
/** Below this many words of main copy over all pages (and few blocks) the version says `little_copy`. */
const LITTLE_COPY_WORDS = 80;

interface ReadText extends PageText {
  metadata: PageMetadata;
  /** The start of the page's main copy: a site repeats its name there (footer, logo text). */
  sample: string;
  words: number;
  truncated: boolean;
}

/** The Node-side extractors over one page's serialised DOM (jsdom, scripts off). */
function readText(page: GatheredPage, index: number): ReadText {
  const doc = parseHtml(page.read.html, page.read.finalUrl);
  try {
    const metadata = extractMetadata(doc);
    const main = extractMainCopy(doc);
    return {
      index,
      doc,
      metadata,
      jsonLdFaqs: metadata.jsonLd.faqs,
      sample: main.text.slice(0, 20_000),
      words: main.wordCount,
      truncated: doc.truncated || main.truncated,
    };
  } catch (err) {
    doc.close();
    throw err;
  }
}

function pageWarnings(page: GatheredPage, index: number, truncated: boolean): ManifestWarning[] {
  const w: ManifestWarning[] = [];
  const { read } = page;
  if (read.timedOut)
    w.push({
      code: "page_timeout",
      page: index,
      message: "the page missed its deadline and was read as far as it got",
    });
  if (read.consent === "hidden")
    w.push({ code: "consent_hidden", page: index, message: "a consent banner with no usable button was hidden" });
  if (read.domTruncated)
    w.push({
      code: "page_truncated",
      page: index,
      message: "the page's document was larger than the scanner serialises; it was read as far as that",
    });
  if (truncated || read.textTruncated)
    w.push({ code: "text_truncated", page: index, message: "the page's text was longer than the scanner reads" });
  if (read.scriptErrors > 0)
    w.push({
      code: "script_errors",
      page: index,
      count: read.scriptErrors,
      message: `the page threw ${read.scriptErrors} script error(s)`,
    });
  return w;
}

/** The site's name: what it declares (og:site_name, JSON-LD), else the part of its titles they share. */
function brandName(texts: readonly ReadText[], gathered: Gathered): string | null {
  const start = texts[0]?.metadata;
  if (!start) return null;
  const declared =
    start.og.siteName ?? start.jsonLd.organizations.find((o) => o.name)?.name ?? start.jsonLd.websiteName ?? null;
  if (declared) return declared;
  if (!start.title) return null;
  const titled = texts.map((t, i) => ({
    url: gathered.pages[i]?.read.finalUrl ?? "",
    title: t.metadata.title ?? "",
    namedSite: t.metadata.og.siteName,
    text: [t.sample],
  }));
  const name = siteNameFrom(titled[0] as (typeof titled)[number], titled.slice(1));
  // The fallback of siteNameFrom is the host name: not a name the site gave itself.
  return name && name !== new URL(titled[0]?.url ?? "http://x.invalid").hostname ? name.slice(0, 200) : null;
}

function taglineOf(
  subhead: string | null,
  headline: { text: string } | undefined,
  start: PageMetadata | undefined,
): string | null {
  if (subhead) return subhead.slice(0, 300);
  const declared = start?.og.title ?? null;
  return declared && declared !== headline?.text ? declared.slice(0, 300) : null;
}

export async function assembleVersion(
  run: PipelineRun<UrlInput>,
  deps: InspectionDeps,
  gathered: Gathered,
): Promise<PipelineOutput> {
  const { input, progress, checkpoint } = run;
  await progress("extracting", 70);
  const texts: ReadText[] = [];
  // Pages skipped and the scan's deadline first: they are about the scan as a whole.
  const warnings: ManifestWarning[] = [...gathered.warnings];
  try {
    for (const [i, page] of gathered.pages.entries()) {
      await checkpoint();
      const text = readText(page, i);
      texts.push(text);
      warnings.push(...pageWarnings(page, i, text.truncated), ...page.live.warnings.map((w) => ({ ...w, page: i })));
    }
    const copy: CopyResult = mapCopy(texts);
    warnings.push(...copy.warnings);
    await checkpoint();

    const start = texts[0]?.metadata;
    const name = brandName(texts, gathered);
    const headline = copy.blocks.find((b) => b.kind === "headline" && b.page === 0);
    const words = texts.reduce((n, t) => n + t.words, 0);
    const startLive = gathered.pages[0]?.live;
    const logo = startLive?.logo ?? null;
    const hasLogo = logo !== null && isFound(logo);
    if (!name && !headline && (texts[0]?.words ?? 0) < USABLE_WORDS && words < USABLE_WORDS && !hasLogo)
      throw new PipelineFailure(
        "source_unreadable",
        "nothing usable: the site shows no name, headline, logo or 20 words of copy",
        false,
      );
    if (!hasLogo) warnings.push({ code: "no_logo", message: "no logo was found on the start page" });
    if (words < LITTLE_COPY_WORDS && copy.blocks.length < 3)
      warnings.push({ code: "little_copy", message: `the pages hold only ${words} words of main copy` });

    const samples: ColourSample[] = gathered.pages.flatMap((p) => p.live.samples);
    if (start?.themeColor) samples.push({ colour: start.themeColor, kind: "theme-color", weight: 0.05 });
    if (!gathered.pages.some((p) => p.live.cssPalette))
      warnings.push({ code: "no_css_palette", message: "no colours could be read from the pages' styles" });
    const merged = samples.length > 0 ? mergePalette(samples) : null;

    await checkpoint();
    await progress("saving", 90);
    const files = VersionFiles.of(deps.storage, input.sourceId, input.version);
    const pages: ManifestPage[] = [];
    for (const [i, page] of gathered.pages.entries()) {
      const shots: string[] = [];
      for (const shot of page.live.screenshots) {
        const asset = await files.add("screenshot", shot.data, { ...shot, page: i });
        shots.push(asset.id);
      }
      const { read } = page;
      pages.push({
        index: i,
        url: read.finalUrl.slice(0, 2048),
        role: read.role,
        title: texts[i]?.metadata.title ?? null,
        status: read.status,
        contentType: read.contentType?.slice(0, 200) ?? null,
        loadMs: read.loadMs,
        textChars: read.textChars,
        textTruncated: read.textTruncated || (texts[i]?.truncated ?? false),
        screenshots: shots,
      });
    }
    let logoId: string | null = null;
    if (logo) {
      if (isFound(logo)) logoId = (await files.add("logo", logo.data, { ...logo, page: 0 })).id;
      else files.skip("logo", logo.reason, { ...logo, page: 0 });
    }
    for (const [i, page] of gathered.pages.entries()) {
      for (const image of page.live.images) {
        if (isFound(image)) await files.add("image", image.data, { ...image, page: i });
        else files.skip("image", image.reason, { ...image, page: i });
      }
    }
    await checkpoint();
    const finalUrl = gathered.pages[0]?.read.finalUrl ?? input.url;
    const manifest: SourceManifest = {
      schema: MANIFEST_SCHEMA_ID,
      scanner: INSPECTOR_VERSION,
      sourceId: input.sourceId,
      version: input.version,
      previousVersion: input.previousVersion,
      kind: "url",
      url: input.url,
      finalUrl,
      origin: new URL(input.url).origin,
      renderId: null,
      createdAt: iso(deps.clock.now()),
      degraded: isDegraded(warnings),
      pages,
      brand: {
        name,
        // The hero's subhead; a page without one has its declared title as the tagline, never the headline again.
        tagline: taglineOf(copy.tagline, headline && "text" in headline ? headline : undefined, start),
        description: start?.description ?? start?.og.description ?? null,
        language: start?.lang ?? null,
        themeColor: start?.themeColor ?? null,
        logo: logoId,
        suggestedColors: merged?.suggestedColors ?? null,
      },
      palette: merged?.colours.slice(0, 16) ?? [],
      fonts: startLive?.fonts.slice(0, 4) ?? [],
      copy: copy.blocks,
      claims: copy.claims,
      assets: files.assets,
      warnings,
    };
    return await files.finish(manifest);
  } finally {
    for (const t of texts) t.doc.close();
  }
}
