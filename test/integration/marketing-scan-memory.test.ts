import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import { type InspectionDeps, type InspectionInput, inspectSource } from "../../src/pipelines/marketing/index.js";
import type { SourceManifest } from "../../src/pipelines/marketing/source/manifest.js";
import type { PipelineOutput, PipelineRun } from "../../src/pipelines/run.js";
import { FileLinks } from "../../src/storage/file-links.js";
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
let deps: InspectionDeps;

function runOf(url: string): PipelineRun<InspectionInput> {
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
    storage: new LocalStorage(dir, new FileLinks("http://127.0.0.1:1", randomBytes(32), systemClock)),
    clock: systemClock,
    guard: {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({}),
    },
    ffmpeg: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    fonts: await loadFontCatalogue(),
    // Deadlines far past what the pages need: this file measures memory, and a loaded CI machine is slow.
    settings: { extraPages: 0, pageTimeoutMs: 60_000, scanTimeoutMs: 120_000 },
  };
  // Chromium up and one page drawn before anything is measured: the first launch is not the page's cost.
  await inspectSource(runOf(`${site.url}/`), deps);
});
afterAll(async () => {
  await pool?.close();
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The stated bounds. The service's figure is its growth over the scan (its resident set before the scan
 * includes the test runner); Chromium's is the peak of all its processes together (about 280 MB idle
 * with one blank page). The review that asked for them saw Chromium at 3.3 GB and the service at 2.0 GB;
 * before issue 19's controls the bottomless page was not bounded at all and endless frames took Chromium
 * to 1.3–2.2 GB and its scan to a minute.
 */
const SERVICE_GROWTH_MAX = 768 * MB; // measured: 400–500 MB, the 20,000-link page's parse in jsdom most of it
const BROWSER_PEAK_MAX = 1536 * MB; // measured: 580–1200 MB, a 2 MiB document laid out and shot the most

async function warningCodes(out: PipelineOutput): Promise<string[]> {
  const key = out.artifacts.find((a) => a.type === "source")?.key ?? "";
  const manifest = JSON.parse((await deps.storage.get(key)).toString("utf8")) as SourceManifest;
  return manifest.warnings.map((w) => w.code);
}

/** Every hostile page is read as a version, used as far as the controls let it get. */
const EXPECTED_WARNING: Record<string, string | null> = {
  // The links it looks at are capped; the page is far under the byte caps.
  "many-links": null,
  // Frames past the limit were taken out before they loaded, and the timers making them stopped.
  "endless-iframes": "frames_limited",
  // The stream is cut at the document cap (decoded, 2 MiB) before the wire cap (8 MiB).
  bottomless: "page_truncated",
  // 1.7 MB on the wire, 256 MiB decoded: stopped at the document cap.
  "gzip-bomb": "page_truncated",
};

async function checkVersion(route: string, out: unknown): Promise<void> {
  if (out instanceof Error) throw new Error(`/hostile/${route} was not read: ${out.message}`);
  expect(out).toMatchObject({ internalStatus: "succeeded_degraded" });
  const expected = EXPECTED_WARNING[route];
  if (expected) expect(await warningCodes(out as PipelineOutput)).toContain(expected);
}

const asMB = (bytes: number) => Math.round(bytes / MB);

browserOnly("scans of pages built to exhaust memory", () => {
  // One page at a time, then the review's case: the 20,000-link page scanned beside the endless frames.
  const cases = [...Object.keys(EXPECTED_WARNING).map((route) => [route]), ["many-links", "endless-iframes"]];
  for (const routes of cases) {
    it(routes.map((r) => `/hostile/${r}`).join(" beside "), async () => {
      const start = selfRss();
      const memory = await measureMemory();
      const outs = await Promise.all(
        routes.map((route) => inspectSource(runOf(`${site.url}/hostile/${route}`), deps).catch((err: unknown) => err)),
      );
      const peaks = await memory.stop();
      // The figures the note and docs/security.md quote.
      console.log(
        routes.join(" + "),
        JSON.stringify({
          serviceGrowthMB: asMB(peaks.selfPeak - start),
          servicePeakMB: asMB(peaks.selfPeak),
          browserPeakMB: asMB(peaks.childrenPeak),
          browserAfterMB: asMB(peaks.childrenNow),
        }),
      );
      for (const [i, route] of routes.entries()) await checkVersion(route, outs[i]);
      expect(peaks.selfPeak - start).toBeLessThan(SERVICE_GROWTH_MAX);
      expect(peaks.childrenPeak).toBeLessThan(BROWSER_PEAK_MAX);
    }, 300_000);
  }
});
