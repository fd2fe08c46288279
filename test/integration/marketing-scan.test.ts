import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { compileValidator } from "../../src/http/validation.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import { loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import type { ScanSettings } from "../../src/pipelines/marketing/deps.js";
import { type InspectionDeps, type InspectionInput, inspectSource } from "../../src/pipelines/marketing/index.js";
import { SOURCE_MANIFEST_SCHEMA, type SourceManifest } from "../../src/pipelines/marketing/source/manifest.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../src/pipelines/run.js";
import { FileLinks } from "../../src/storage/file-links.js";
import { LocalStorage } from "../../src/storage/local.js";
import { BROKEN_LOGO_SITE, type BrokenLogoSite, startBrokenLogoSite } from "../support/broken-logo-site.js";
import { type MarketingSites, SAAS_SITE, SPA_SITE, startMarketingSites } from "../support/marketing-sites.js";
import { staticResolver } from "../support/static-resolver.js";

// inspectSource against the fixture sites with a real fenced Chromium session and real storage. The guard
// allows 127.0.0.1 only: the hostile site's redirects to 127.0.0.2 must be refused and never reach it.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");

const SLOW = 120_000;
let pool: BrowserPool;
let sites: MarketingSites;
let brokenLogo: BrokenLogoSite;
let dir: string;
let deps: InspectionDeps;

const settings = (over: Partial<ScanSettings> = {}): ScanSettings => ({
  extraPages: 5,
  pageTimeoutMs: 10_000,
  scanTimeoutMs: 60_000,
  ...over,
});

interface Run extends PipelineRun<InspectionInput> {
  stages: string[];
  cancel(): void;
}

function runOf(url: string, onProgress?: (stage: string, run: Run) => void): Run {
  const controller = new AbortController();
  const stages: string[] = [];
  const run: Run = {
    id: randomUUID(),
    input: { kind: "url", sourceId: randomUUID(), version: 1, previousVersion: null, url },
    stages,
    signal: controller.signal,
    cancel: () => controller.abort(new Error("cancelled")),
    async progress(stage) {
      if (stages.at(-1) !== stage) stages.push(stage);
      onProgress?.(stage, run);
    },
    async checkpoint() {
      if (controller.signal.aborted) throw new Error("cancelled");
    },
  };
  return run;
}

async function manifestOf(out: PipelineOutput): Promise<SourceManifest> {
  const source = out.artifacts.find((a) => a.type === "source");
  expect(source).toBeDefined();
  const manifest = JSON.parse((await deps.storage.get(source?.key ?? "")).toString("utf8")) as unknown;
  // The manifest as the API publishes it: the same validator the routes use.
  expect(compileValidator("body", SOURCE_MANIFEST_SCHEMA)(manifest)).toEqual([]);
  return manifest as SourceManifest;
}

async function failureOf(promise: Promise<unknown>): Promise<PipelineFailure> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineFailure);
  return err as PipelineFailure;
}

const codes = (m: SourceManifest) => m.warnings.map((w) => w.code);
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  sites = await startMarketingSites();
  brokenLogo = await startBrokenLogoSite();
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 15_000 });
  dir = await mkdtemp(join(tmpdir(), "cw-scan-test-"));
  deps = {
    browser: pool,
    storage: new LocalStorage(dir, new FileLinks("http://127.0.0.1:1", randomBytes(32), systemClock)),
    clock: systemClock,
    guard: { config: { env: "test", allowPrivateHosts: ["127.0.0.1"] }, resolver: staticResolver({}) },
    ffmpeg: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    fonts: await loadFontCatalogue(),
    settings: settings(),
  };
});
afterAll(async () => {
  await pool?.close();
  await sites?.close();
  await brokenLogo?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

browserOnly("scanning a website into a source version", () => {
  it(
    "reads the SaaS site: its pages, brand, copy, claims, logo and palette, never its sign-in, cart or legal pages",
    async () => {
      const run = runOf(`${sites.url.saas}/`);
      const out = await inspectSource(run, deps);
      const m = await manifestOf(out);
      expect(run.stages).toEqual(["opening", "pages", "extracting", "saving"]);
      expect(pool.openSessions).toBe(0);
      expect(out.internalStatus).toBeUndefined();

      expect(m).toMatchObject({ schema: "clipwright.source.v1", kind: "url", version: 1, renderId: null });
      expect(m.pages.map((p) => pathOf(p.url))).toEqual(expect.arrayContaining([...SAAS_SITE.pages]));
      expect(m.pages[0]?.role).toBe("start");
      for (const path of SAAS_SITE.neverVisit) expect(sites.requests("saas")).not.toContain(path);
      expect(m.brand.name).toBe(SAAS_SITE.name);
      expect(m.brand.themeColor).toBe(SAAS_SITE.themeColor);

      const kinds = new Set(m.copy.map((b) => b.kind));
      for (const kind of ["headline", "feature", "testimonial", "pricing"]) expect(kinds).toContain(kind);
      const claims = m.claims.map((c) => c.text.toLowerCase()).join(" | ");
      expect(claims).toContain("40%");
      for (const claim of m.claims) expect(m.copy.map((b) => b.id)).toContain(claim.copyId);

      expect(m.brand.logo).toMatch(/^logo-\d+$/);
      expect(m.palette.map((c) => c.hex)).toContain(SAAS_SITE.colors.primary);
      expect(m.brand.suggestedColors?.primary).toBe(SAAS_SITE.colors.primary);

      // Every retained asset is an artifact with the same sha256, under the version's own prefix.
      for (const asset of m.assets.filter((a) => a.retained)) {
        const artifact = out.artifacts.find((a) => a.sha256 === asset.sha256);
        expect(artifact?.type).toBe(asset.type);
        expect(artifact?.key.startsWith(`sources/${run.input.sourceId}/v1/`)).toBe(true);
      }
      expect(out.artifacts.filter((a) => a.type === "screenshot").length).toBeGreaterThan(0);
      // Drawn at scale 1.5 (the session's own device scale): the hero fills a 1080p frame unscaled; the tall
      // page at scale 1.
      const shots = m.assets.filter((a) => a.type === "screenshot");
      expect(shots.find((a) => a.from === "hero")).toMatchObject({ width: 2160, height: 1350 });
      expect(shots.find((a) => a.from === "full-page")?.width).toBe(1440);
    },
    SLOW,
  );

  it(
    "reads the single-page app after its content arrives, with the consent banner dismissed",
    async () => {
      const out = await inspectSource(runOf(`${sites.url.spa}/`), { ...deps, settings: settings({ extraPages: 2 }) });
      const m = await manifestOf(out);
      expect(m.brand.name).toBe(SPA_SITE.name);
      expect(m.copy.some((b) => "text" in b && b.text.includes(SPA_SITE.headline))).toBe(true);
      expect(codes(m)).not.toContain("consent_hidden");
      expect(m.copy.some((b) => "text" in b && /we use cookies/i.test(b.text))).toBe(false);
      expect(pool.openSessions).toBe(0);
    },
    SLOW,
  );

  it(
    "gives the sparse site a degraded version that says why",
    async () => {
      const out = await inspectSource(runOf(`${sites.url.sparse}/`), deps);
      const m = await manifestOf(out);
      expect(m.degraded).toBe(true);
      // …and the job's envelope says so too (internalStatus).
      expect(out.internalStatus).toBe("succeeded_degraded");
      expect(codes(m)).toEqual(expect.arrayContaining(["no_logo", "little_copy"]));
      expect(m.brand.logo).toBeNull();
    },
    SLOW,
  );

  it(
    "skips the hostile site's broken pages with warnings, never reaching the refused host, within its deadlines",
    async () => {
      const out = await inspectSource(runOf(`${sites.url.hostile}/`), {
        ...deps,
        settings: settings({ extraPages: 7, pageTimeoutMs: 4_000, scanTimeoutMs: 90_000 }),
      });
      const m = await manifestOf(out);
      expect(codes(m)).toEqual(
        expect.arrayContaining(["redirect_refused", "page_timeout", "non_html_page", "http_error", "script_errors"]),
      );
      expect(m.degraded).toBe(true);
      expect(m.pages.find((p) => p.textTruncated)).toBeDefined();
      expect(sites.forbidden.requests).toEqual([]);
      expect(pool.openSessions).toBe(0);
    },
    SLOW,
  );

  it(
    "fails a start page that redirects to a refused host, is not HTML, or answers an error",
    async () => {
      const one = { ...deps, settings: settings({ extraPages: 0, pageTimeoutMs: 4_000 }) };
      const redirect = await failureOf(inspectSource(runOf(`${sites.url.hostile}/hostile/redirect-private`), one));
      expect(redirect.code).toBe("url_private");
      expect(redirect.reason).toContain("127.0.0.2");
      const pdf = await failureOf(inspectSource(runOf(`${sites.url.hostile}/hostile/pdf`), one));
      expect([pdf.code, pdf.reason?.split(":")[0]]).toEqual(["source_unreadable", "not_html"]);
      const error = await failureOf(inspectSource(runOf(`${sites.url.hostile}/hostile/error-500`), one));
      expect([error.code, error.reason]).toEqual(["url_invalid", "the site answered HTTP 500"]);
      const stalled = await inspectSource(runOf(`${sites.url.hostile}/hostile/never-finishes`), one);
      expect(codes(await manifestOf(stalled))).toContain("page_timeout");
      expect(sites.forbidden.requests).toEqual([]);
      expect(pool.openSessions).toBe(0);
    },
    SLOW,
  );

  it(
    "takes no broken image for a logo: a header logo whose file is a 404 is skipped with no_logo",
    async () => {
      const one = { ...deps, settings: settings({ extraPages: 0 }) };
      const out = await inspectSource(runOf(`${brokenLogo.url}/broken`), one);
      const m = await manifestOf(out);
      expect(brokenLogo.requests).toContain(BROKEN_LOGO_SITE.logoPath);
      expect(m.brand.logo).toBeNull();
      expect(codes(m)).toContain("no_logo");
      expect(m.assets.some((a) => a.type === "logo")).toBe(false);
      expect(out.artifacts.some((a) => a.type === "logo")).toBe(false);
    },
    SLOW,
  );

  it(
    "passes over a broken logo <img> and inline SVGs whose image or sprite failed, to the inline SVG logo after them",
    async () => {
      const one = { ...deps, settings: settings({ extraPages: 0 }) };
      const out = await inspectSource(runOf(`${brokenLogo.url}/broken-then-svg`), one);
      const m = await manifestOf(out);
      expect(brokenLogo.requests).toEqual(
        expect.arrayContaining([BROKEN_LOGO_SITE.markPath, BROKEN_LOGO_SITE.spritePath]),
      );
      expect(codes(m)).not.toContain("no_logo");
      const asset = m.assets.find((a) => a.id === m.brand.logo);
      expect(asset).toMatchObject({ type: "logo", from: "header-svg", width: 480, height: 160 });
      const file = out.artifacts.find((a) => a.sha256 === asset?.sha256);
      const { data, info } = await sharp(await deps.storage.get(file?.key ?? ""))
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The middle pixel is the working logo's colour, fully opaque.
      const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      const hex = `#${[0, 1, 2].map((c) => (data[at + c] as number).toString(16).padStart(2, "0")).join("")}`;
      expect([hex, data[at + 3]]).toEqual([BROKEN_LOGO_SITE.svgColour, 255]);
    },
    SLOW,
  );

  it(
    "stops at the next checkpoint when cancelled mid-scan, and closes the browser",
    async () => {
      const run = runOf(`${sites.url.saas}/`, (stage, r) => {
        if (stage === "pages") r.cancel();
      });
      const err = await inspectSource(run, deps).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(run.signal.aborted).toBe(true);
      expect(run.stages).not.toContain("saving");
      expect(pool.openSessions).toBe(0);
    },
    SLOW,
  );
});

browserOnly("a render source", () => {
  it(
    "copies the render's files into the version, takes a still per beat and reads the narration as steps",
    async () => {
      // A 6 s video of three coloured scenes, its poster, captions and the quality report's scene spans.
      const work = await mkdtemp(join(tmpdir(), "cw-render-src-"));
      const video = join(work, "video.mp4");
      const scene = (colour: string) => `color=c=${colour}:s=640x360:d=2:r=30`;
      await runFfmpeg(
        [
          ...[
            "-f",
            "lavfi",
            "-i",
            scene("0x4f46e5"),
            "-f",
            "lavfi",
            "-i",
            scene("white"),
            "-f",
            "lavfi",
            "-i",
            scene("0x0f172a"),
          ],
          ...["-filter_complex", "[0][1][2]concat=n=3:v=1:a=0", "-pix_fmt", "yuv420p", "-y", video],
        ],
        { binaries: deps.ffmpeg },
      );
      const key = `jobs/${randomUUID()}`;
      await deps.storage.putFile(`${key}/video.mp4`, video);
      await deps.storage.put(
        `${key}/poster.png`,
        await sharp({ create: { width: 64, height: 36, channels: 3, background: "#4f46e5" } })
          .png()
          .toBuffer(),
      );
      const vtt = [
        "WEBVTT",
        "00:00:00.200 --> 00:00:01.800\nWelcome to Meridian Ops.",
        "00:00:02.200 --> 00:00:03.800\nOpen the dashboard to see every order.",
        "00:00:04.200 --> 00:00:05.800\nExport the report in one click.",
      ].join("\n\n");
      await deps.storage.put(`${key}/captions.vtt`, Buffer.from(vtt));
      const scenes = ["welcome", "dashboard", "export"].map((beatId, i) => ({
        beatId,
        startSeconds: i * 2,
        endSeconds: i * 2 + 2,
      }));
      await deps.storage.put(`${key}/quality.json`, Buffer.from(JSON.stringify({ version: 1, scenes })));
      const sourceId = randomUUID();
      const run = runOf("https://app.meridian-ops.example/");
      run.input = {
        kind: "render",
        sourceId,
        version: 1,
        renderId: randomUUID(),
        url: "https://app.meridian-ops.example/",
        files: {
          video: `${key}/video.mp4`,
          poster: `${key}/poster.png`,
          captions: `${key}/captions.vtt`,
          quality: `${key}/quality.json`,
        },
      };
      const out = await inspectSource(run, deps);
      const m = await manifestOf(out);
      await rm(work, { recursive: true, force: true });

      expect(m).toMatchObject({ kind: "render", degraded: false, pages: [], fonts: [], renderId: run.input.renderId });
      expect(m.brand).toMatchObject({ name: "Meridian Ops", logo: null });
      expect(codes(m)).toEqual(["no_logo"]);
      expect(out.artifacts.map((a) => a.type).sort()).toEqual([
        "captions",
        "poster",
        "source",
        "still",
        "still",
        "still",
        "video",
      ]);
      for (const a of out.artifacts) expect(a.key.startsWith(`sources/${sourceId}/v1/`)).toBe(true);
      expect(m.assets.filter((a) => a.type === "still").map((a) => a.from)).toEqual([
        "beat:welcome",
        "beat:dashboard",
        "beat:export",
      ]);
      expect(m.copy.map((b) => ("text" in b ? b.text : null))).toEqual([
        "Welcome to Meridian Ops.",
        "Open the dashboard to see every order.",
        "Export the report in one click.",
      ]);
      expect(m.copy.every((b) => b.kind === "step")).toBe(true);
      // The stills are JPEG: the scenes' colours come back within a few steps per channel.
      const near = (hex: string, to: string) =>
        [1, 3, 5].every(
          (i) => Math.abs(Number.parseInt(hex.slice(i, i + 2), 16) - Number.parseInt(to.slice(i, i + 2), 16)) <= 4,
        );
      for (const colour of ["#4f46e5", "#ffffff", "#0f172a"])
        expect(m.palette.some((c) => near(c.hex, colour))).toBe(true);
    },
    SLOW,
  );
});
