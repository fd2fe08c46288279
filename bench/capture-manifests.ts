// Scans the marketing fixture sites (saas, spa, sparse, hostile: test/support/marketing-sites.ts) and the
// corpus's four landing templates (agency, grayscale, landing-page, freelancer: test/sites/) with the real
// scanner (fenced Chromium, real storage) and writes each manifest to test/fixtures/marketing-manifests/,
// so the marketing generator's unit tests run on real scans without Chromium. Run it again when the scanner
// changes what a manifest holds:
//
//   node --import tsx bench/capture-manifests.ts [name …]      (no names: all eight)
//
// The loopback origin each site was served on (a random port) is written as `https://<name>.example`, so a
// rescan of unchanged sites changes only `createdAt` and the pages' load times.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { systemClock } from "../src/clock.js";
import { compileValidator } from "../src/http/validation.js";
import { BrowserPool } from "../src/media/browser/index.js";
import { loadFontCatalogue } from "../src/media/fonts/catalogue.js";
import { type InspectionDeps, inspectSource } from "../src/pipelines/marketing/index.js";
import { SOURCE_MANIFEST_SCHEMA } from "../src/pipelines/marketing/source/manifest.js";
import { FileLinks } from "../src/storage/file-links.js";
import { LocalStorage } from "../src/storage/local.js";
import { CORPUS } from "../test/sites/corpus.js";
import { serveSite } from "../test/sites/serve.js";
import { startMarketingSite } from "../test/support/marketing-sites.js";
import { staticResolver } from "../test/support/static-resolver.js";

const OUT = new URL("../test/fixtures/marketing-manifests/", import.meta.url);
const FIXTURES = ["saas", "spa", "sparse", "hostile"] as const;
const LANDINGS = ["agency", "grayscale", "landing-page", "freelancer"] as const;

/** A served site: its start URL, its origin and how to stop it. */
interface Served {
  startUrl: string;
  origin: string;
  close(): Promise<void>;
}

async function serve(name: string): Promise<Served> {
  if ((FIXTURES as readonly string[]).includes(name)) {
    const site = await startMarketingSite(name as (typeof FIXTURES)[number], { forbiddenUrl: "http://127.0.0.2:9" });
    return { startUrl: `${site.url}/`, origin: site.url, close: site.close };
  }
  const site = CORPUS.find((s) => s.id === name);
  if (!site) throw new Error(`unknown site ${name}; known: ${[...FIXTURES, ...LANDINGS].join(", ")}`);
  const served = await serveSite(site);
  return { startUrl: served.startUrl, origin: served.url, close: served.close };
}

const dir = await mkdtemp(join(tmpdir(), "cw-capture-"));
const pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 15_000 });
const deps: InspectionDeps = {
  browser: pool,
  storage: new LocalStorage(dir, new FileLinks("http://127.0.0.1:1", randomBytes(32), systemClock)),
  clock: systemClock,
  guard: { config: { env: "test", allowPrivateHosts: ["127.0.0.1"] }, resolver: staticResolver({}) },
  ffmpeg: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
  fonts: await loadFontCatalogue(),
  // The hostile site's broken pages each wait out the page deadline: a shorter one keeps the run short.
  settings: { extraPages: 5, pageTimeoutMs: 6_000, scanTimeoutMs: 90_000 },
};
const validate = compileValidator("body", SOURCE_MANIFEST_SCHEMA);
const asked = process.argv.slice(2).filter((a) => a !== "--");
const written: string[] = [];

try {
  for (const name of asked.length ? asked : [...FIXTURES, ...LANDINGS]) {
    const served = await serve(name);
    try {
      const out = await inspectSource(
        {
          id: randomUUID(),
          input: { kind: "url", sourceId: `fixture-${name}`, version: 1, previousVersion: null, url: served.startUrl },
          signal: new AbortController().signal,
          async progress() {},
          async checkpoint() {},
        },
        deps,
      );
      const key = out.artifacts.find((a) => a.type === "source")?.key ?? "";
      const text = (await deps.storage.get(key)).toString("utf8").replaceAll(served.origin, `https://${name}.example`);
      const manifest = JSON.parse(text) as unknown;
      const issues = validate(manifest);
      if (issues.length) throw new Error(`${name}: the manifest fails its schema: ${JSON.stringify(issues)}`);
      const file = fileURLToPath(new URL(`${name}.json`, OUT));
      await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
      written.push(file);
      console.log(`${name}: ${text.length} characters`);
    } finally {
      await served.close();
    }
  }
  // In the repository's own JSON style, so `npm run lint` passes on what was written.
  const biome = fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url));
  if (written.length) execFileSync(biome, ["format", "--write", ...written], { stdio: "inherit" });
} finally {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
}
