import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import { type ScanDeps, type SourceScanInput, scanSource } from "../../src/pipelines/marketing/scan/index.js";
import type { SourceManifest } from "../../src/pipelines/marketing/scan/manifest.js";
import type { PipelineOutput, PipelineRun } from "../../src/pipelines/run.js";
import { LocalStorage } from "../../src/storage/local.js";
import { type MarketingSite, startMarketingSite } from "../support/marketing-sites.js";
import { measureMemory, selfRss } from "../support/memory-sampler.js";
import { staticResolver } from "../support/static-resolver.js";

// Issue 19: scans of pages built to exhaust memory stay within stated bounds, for the service process
// (this one: the scan runs in it) and for Chromium's processes. Measured from /proc (memory-sampler.ts).
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres" && process.platform === "linux");

const MB = 1024 * 1024;

let pool: BrowserPool;
let site: MarketingSite;
let dir: string;
let deps: ScanDeps;

function runOf(url: string): PipelineRun<SourceScanInput> {
  return {
    id: randomUUID(),
    input: { kind: "url", sourceId: randomUUID(), version: 1, previousVersion: null, url },
    signal: new AbortController().signal,
    async progress() {},
    async checkpoint() {},
  };
}

beforeAll(async () => {
  site = await startMarketingSite("hostile");
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 15_000 });
  dir = await mkdtemp(join(tmpdir(), "cw-scan-memory-"));
  deps = {
    browser: pool,
    storage: new LocalStorage(dir, "http://127.0.0.1:1", randomBytes(32), systemClock),
    clock: systemClock,
    guard: {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({}),
    },
    ffmpeg: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    fonts: await loadFontCatalogue(),
    settings: { extraPages: 0, pageTimeoutMs: 15_000, scanTimeoutMs: 45_000 },
  };
  // Chromium up and one page drawn before anything is measured: the first launch is not the page's cost.
  await scanSource(runOf(`${site.url}/`), deps);
});
afterAll(async () => {
  await pool?.close();
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The stated bounds. The service's figure is its growth over the scan (its resident set before the scan
 * includes the test runner); Chromium's is the peak of all its processes together. Before issue 19 the
 * bottomless page was not bounded at all (the stream ran until the page deadline), and endless frames
 * took Chromium to 1.26 GB and its scan to a minute. These bounds are what the controls hold today on a
 * 2-core machine; they are ceilings against regressions, not the goal (see the note).
 */
const SERVICE_GROWTH_MAX = 512 * MB;
const BROWSER_PEAK_MAX = 2560 * MB;

async function warningCodes(out: PipelineOutput): Promise<string[]> {
  const key = out.artifacts.find((a) => a.type === "source")?.key ?? "";
  const manifest = JSON.parse((await deps.storage.get(key)).toString("utf8")) as SourceManifest;
  return manifest.warnings.map((w) => w.code);
}

browserOnly("scans of pages built to exhaust memory", () => {
  const cases: Record<string, (out: unknown) => Promise<void>> = {
    // Read as a version: the links it looks at are capped, the page is far under the byte cap.
    "many-links": async (out) => {
      expect(out).toMatchObject({ internalStatus: "succeeded_degraded" });
    },
    // A version or a clean refusal, never a crash; frames past the limit got no document.
    "endless-iframes": async (out) => {
      if (out instanceof Error) expect(out).toMatchObject({ code: "source_unreadable" });
      else expect(await warningCodes(out as PipelineOutput)).toContain("frames_limited");
    },
    // Cut at the proxy's byte cap and read as far as it got; on a loaded 2-core machine Chromium may still
    // be parsing the 8 MiB it was given when the start page's deadline passes: a clean refusal then.
    bottomless: async (out) => {
      if (out instanceof Error) expect(out).toMatchObject({ code: "source_unreadable" });
      else expect(await warningCodes(out as PipelineOutput)).toContain("page_truncated");
    },
  };
  for (const [route, check] of Object.entries(cases)) {
    it(`/hostile/${route}`, async () => {
      const start = selfRss();
      const memory = await measureMemory();
      const out = await scanSource(runOf(`${site.url}/hostile/${route}`), deps).catch((err: unknown) => err);
      const peaks = await memory.stop();
      console.log(
        route,
        JSON.stringify({
          selfStartMB: Math.round(start / MB),
          selfPeakMB: Math.round(peaks.selfPeak / MB),
          selfNowMB: Math.round(peaks.selfNow / MB),
          childrenPeakMB: Math.round(peaks.childrenPeak / MB),
          childrenNowMB: Math.round(peaks.childrenNow / MB),
        }),
      );
      await check(out);
      expect(peaks.selfPeak - start).toBeLessThan(SERVICE_GROWTH_MAX);
      expect(peaks.childrenPeak).toBeLessThan(BROWSER_PEAK_MAX);
    }, 300_000);
  }
});
