// The export cache's sweep (src/jobs/export-cache-sweeper.ts, decision 0045) on both storage backends:
// local disk in a temp dir, and S3 through the AWS SDK against s3rver, listed two keys a page so every
// sweep pages. Files are written by the export's own cache functions; time moves on an injected clock.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../src/config.js";
import { exportCacheSweeper, sweepExportCache } from "../../src/jobs/export-cache-sweeper.js";
import { ServiceMetrics } from "../../src/metrics/service-metrics.js";
import { cacheEntryOf } from "../../src/pipelines/marketing/export/cache-entries.js";
import { cachedLayers, type DrawnLayers, keepLayers } from "../../src/pipelines/marketing/export/layer-cache.js";
import { keepSound, takeSound } from "../../src/pipelines/marketing/export/sound-cache.js";
import { FileLinks } from "../../src/storage/file-links.js";
import { LocalStorage } from "../../src/storage/local.js";
import { S3Storage } from "../../src/storage/s3.js";
import { type Storage, StorageUnavailable } from "../../src/storage/storage.js";
import { FakeClock } from "../../src/testutil/fake-clock.js";
import { type S3Server, startS3Server } from "../support/s3-server.js";

const DAY = 86_400_000;
const KB = 1024;
const hashOf = (name: string) => createHash("sha256").update(name).digest("hex");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let s3: S3Server;
let dir: string;
let opened = 0;
const s3Stores: S3Storage[] = [];

beforeAll(async () => {
  s3 = await startS3Server("export-cache", { ownProcess: true });
  dir = mkdtempSync(join(tmpdir(), "cw-cache-sweep-"));
});
afterAll(async () => {
  for (const store of s3Stores) store.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty store; `touch` on local disk reads the same clock as the sweep. */
const openLocal = (clock: FakeClock): Storage => new LocalStorage(join(dir, `local-${opened++}`), links(clock), clock);

/** A fresh prefix of the bucket, listed two keys a page. */
function openS3(clock: FakeClock): Storage {
  const store = new S3Storage(s3.settings({ prefix: `sweep-${opened++}/`, listPageSize: 2 }), links(clock), clock);
  s3Stores.push(store);
  return store;
}

const backends: [string, (clock: FakeClock) => Storage][] = [
  ["local", openLocal],
  ["s3", openS3],
];

function links(clock: FakeClock) {
  return new FileLinks("http://files.test", randomBytes(32), clock);
}

const deps = (storage: Storage, clock: FakeClock, exportCache: Partial<Config["exportCache"]> = {}) => ({
  storage,
  clock,
  config: loadConfig({}, { exportCache: { maxAgeDays: 14, maxBytes: null, ...exportCache } }),
});

async function cachedKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list("cache/marketing/")) keys.push(file.key);
  return keys.sort();
}

async function keepSpeech(storage: Storage, name: string, bytes: number): Promise<void> {
  const path = join(dir, `${name}-${opened}.wav`);
  writeFileSync(path, Buffer.alloc(bytes, 7));
  await keepSound(storage, "speech", hashOf(name), path);
}

const takeSpeech = (storage: Storage, name: string) =>
  takeSound(storage, "speech", hashOf(name), join(dir, `taken-${name}-${opened}.wav`));

const drawn = (bytes: number): DrawnLayers => ({
  plate: Buffer.alloc(bytes, 1),
  sheet: Buffer.alloc(bytes, 2),
  boxes: [{ name: "headline", x: 0, y: 0, width: 100, height: 40 }],
});

/** Every layers folder listed: none may hold boxes.json without both pictures. */
async function layersWithBoxesButNoPictures(storage: Storage): Promise<string[]> {
  const folders = new Map<string, string[]>();
  for (const key of await cachedKeys(storage)) {
    const entry = cacheEntryOf(key);
    if (entry !== key) folders.set(entry, [...(folders.get(entry) ?? []), key.slice(entry.length)]);
  }
  return [...folders]
    .filter(
      ([, files]) => files.includes("boxes.json") && !(files.includes("plate.jpg") && files.includes("sheet.png")),
    )
    .map(([entry]) => entry);
}

/** The store, with its deletes recorded, and refused from the `failFrom`-th on (1-based). */
function watchedDeletes(storage: Storage, failFrom = Number.POSITIVE_INFINITY) {
  const deleted: string[] = [];
  const watched = new Proxy(storage, {
    get(target, prop) {
      if (prop === "delete") {
        return async (key: string) => {
          if (deleted.length + 1 >= failFrom) throw new StorageUnavailable("delete");
          deleted.push(key);
          await target.delete(key);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { watched, deleted };
}

const noFleet = {
  activeJobs: async () => [],
  queued: async () => [],
  pendingDeliveries: async () => 0,
};

/** The export cache's series in a scrape of the metrics. */
async function series(metrics: ServiceMetrics) {
  const text = (await metrics.scrape()).body;
  const read = (name: string) =>
    Number(
      text
        .split("\n")
        .find((l) => l.startsWith(`${name} `))
        ?.split(" ")[1],
    );
  return {
    sweeps: read('clipwright_export_cache_sweeps_total{outcome="succeeded"}'),
    failed: read('clipwright_export_cache_sweeps_total{outcome="failed"}'),
    entries: read("clipwright_export_cache_swept_entries_total"),
    bytes: read("clipwright_export_cache_swept_bytes_total"),
    keptEntries: read("clipwright_export_cache_entries"),
    keptBytes: read("clipwright_export_cache_bytes"),
  };
}

describe.each(backends)("the export cache sweep on %s", (_name, open) => {
  it("deletes entries unused for the configured days, a layers entry whole, and nothing outside the cache", async () => {
    const clock = new FakeClock();
    const storage = open(clock);
    await keepSpeech(storage, "line", 2 * KB);
    await keepLayers(storage, hashOf("scene"), drawn(KB));
    await storage.put(`cache/marketing/decoded/ab/${hashOf("scene")}-1080x1920.bin`, Buffer.alloc(4 * KB));
    await storage.put("jobs/j1/video.mp4", Buffer.from("a finished video"));

    clock.advance(13 * DAY);
    expect(await sweepExportCache(deps(storage, clock))).toMatchObject({ entries: 0, bytes: 0, keptEntries: 3 });
    expect(await cachedKeys(storage)).toHaveLength(5);

    clock.advance(2 * DAY);
    const swept = await sweepExportCache(deps(storage, clock));
    expect(swept.entries).toBe(3);
    expect(swept.bytes).toBeGreaterThanOrEqual(8 * KB);
    expect(swept).toMatchObject({ keptEntries: 0, keptBytes: 0 });
    expect(await cachedKeys(storage)).toEqual([]);
    expect(await storage.exists("jobs/j1/video.mp4")).toBe(true);
    // A second worker sweeping the same listing meanwhile finds nothing left to do, and no error.
    expect(await sweepExportCache(deps(storage, clock))).toEqual({
      entries: 0,
      bytes: 0,
      keptEntries: 0,
      keptBytes: 0,
    });
  });

  it("beyond the size budget, deletes the least recently written first, a layers entry counted whole", async () => {
    const clock = new FakeClock();
    const storage = open(clock);
    // S3 keeps LastModified to the second: writes a second apart are ordered on both backends.
    await keepLayers(storage, hashOf("oldest"), drawn(5 * KB));
    await sleep(1100);
    await keepSpeech(storage, "middle", 10 * KB);
    await sleep(1100);
    await keepSpeech(storage, "newest", 10 * KB);

    const all = await sweepExportCache(deps(storage, clock, { maxBytes: 40 * KB }));
    expect(all).toMatchObject({ entries: 0, bytes: 0, keptEntries: 3 });
    expect(all.keptBytes).toBeGreaterThanOrEqual(30 * KB);
    const swept = await sweepExportCache(deps(storage, clock, { maxBytes: 25 * KB }));
    expect(swept.entries).toBe(1);
    expect(swept).toMatchObject({ keptEntries: 2, keptBytes: all.keptBytes - swept.bytes });
    expect(swept.keptBytes).toBeLessThanOrEqual(25 * KB);
    expect(await cachedKeys(storage)).toHaveLength(2);
    expect(await cachedLayers(storage, hashOf("oldest"))).toBeNull();
    expect(await takeSpeech(storage, "middle")).toBe(true);

    await sweepExportCache(deps(storage, clock, { maxBytes: 15 * KB }));
    expect(await takeSpeech(storage, "middle")).toBe(false);
    expect(await takeSpeech(storage, "newest")).toBe(true);
  });

  it("deletes a layers entry boxes first: a sweep stopped midway leaves pictures a reader misses, never boxes alone", async () => {
    const clock = new FakeClock();
    const storage = open(clock);
    for (const name of ["one", "two"]) await keepLayers(storage, hashOf(name), drawn(KB));
    clock.advance(15 * DAY);

    const failing = watchedDeletes(storage, 2);
    await expect(sweepExportCache(deps(failing.watched, clock))).rejects.toBeInstanceOf(StorageUnavailable);
    expect(failing.deleted).toHaveLength(1);
    expect(failing.deleted[0]).toMatch(/\/boxes\.json$/);
    expect(await cachedKeys(storage)).toHaveLength(5);
    expect(await layersWithBoxesButNoPictures(storage)).toEqual([]);
    const half = failing.deleted[0]?.includes(hashOf("one")) ? "one" : "two";
    expect(await cachedLayers(storage, hashOf(half))).toBeNull();

    const whole = watchedDeletes(storage);
    await sweepExportCache(deps(whole.watched, clock));
    expect(await cachedKeys(storage)).toEqual([]);
    // Each remaining entry went boxes first, then its pictures.
    const boxes = whole.deleted.filter((key) => key.endsWith("/boxes.json"));
    for (const box of boxes) {
      const entry = cacheEntryOf(box);
      const files = whole.deleted.filter((key) => key.startsWith(entry));
      expect(files[0]).toBe(box);
    }
  });
});

describe("on local disk, a taken entry counts as used", () => {
  it("outlives its write age once taken", async () => {
    const clock = new FakeClock();
    const storage = openLocal(clock);
    await keepSpeech(storage, "taken", KB);
    await keepSpeech(storage, "left", KB);
    await keepLayers(storage, hashOf("taken scene"), drawn(KB));
    await keepLayers(storage, hashOf("left scene"), drawn(KB));

    clock.advance(10 * DAY);
    expect(await takeSpeech(storage, "taken")).toBe(true);
    expect(await cachedLayers(storage, hashOf("taken scene"))).not.toBeNull();

    clock.advance(5 * DAY);
    expect((await sweepExportCache(deps(storage, clock))).entries).toBe(2);
    expect(await takeSpeech(storage, "left")).toBe(false);
    expect(await cachedLayers(storage, hashOf("left scene"))).toBeNull();
    expect(await takeSpeech(storage, "taken")).toBe(true);
    expect(await cachedLayers(storage, hashOf("taken scene"))).not.toBeNull();
  });

  it("is kept by the size budget over one written later but not read since", async () => {
    const clock = new FakeClock();
    const storage = openLocal(clock);
    for (const name of ["a", "b", "c"]) await keepSpeech(storage, name, 10 * KB);
    clock.advance(3_600_000);
    await takeSpeech(storage, "a");
    clock.advance(3_600_000);
    await takeSpeech(storage, "c");

    await sweepExportCache(deps(storage, clock, { maxBytes: 25 * KB }));
    expect(await takeSpeech(storage, "b")).toBe(false);
    clock.advance(3_600_000);
    await takeSpeech(storage, "a");
    await sweepExportCache(deps(storage, clock, { maxBytes: 15 * KB }));
    expect(await takeSpeech(storage, "c")).toBe(false);
    expect(await takeSpeech(storage, "a")).toBe(true);
  });
});

describe("on S3", () => {
  it("an entry expires by write age even when taken (LastModified is write time, decision 0045)", async () => {
    const clock = new FakeClock();
    const storage = openS3(clock);
    await keepSpeech(storage, "read often", KB);
    clock.advance(10 * DAY);
    expect(await takeSpeech(storage, "read often")).toBe(true);
    clock.advance(5 * DAY);
    expect((await sweepExportCache(deps(storage, clock))).entries).toBe(1);
    expect(await takeSpeech(storage, "read often")).toBe(false);
  });

  it("lists a folder longer than one page, every file once", async () => {
    const clock = new FakeClock();
    const storage = openS3(clock);
    const names = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"];
    for (const name of names) await keepSpeech(storage, name, 100);
    const client = new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true });
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "sweep-", MaxKeys: 2 }));
    client.destroy();
    expect(page.IsTruncated).toBe(true);
    const keys = await cachedKeys(storage);
    expect(keys).toHaveLength(names.length);
    expect(new Set(keys).size).toBe(names.length);
  });
});

describe("the worker's tick", () => {
  it("sweeps on the first tick, then at most once an hour, never twice at once, each sweep in the metrics", async () => {
    const clock = new FakeClock();
    const storage = openLocal(clock);
    const metrics = new ServiceMetrics(noFleet);
    const tick = exportCacheSweeper({ ...deps(storage, clock, { maxAgeDays: 1 }), metrics });
    await keepSpeech(storage, "tick", KB);
    expect(await tick()).toEqual({ entries: 0, bytes: 0, keptEntries: 1, keptBytes: KB });
    expect(await series(metrics)).toEqual({
      sweeps: 1,
      failed: 0,
      entries: 0,
      bytes: 0,
      keptEntries: 1,
      keptBytes: KB,
    });
    clock.advance(59 * 60_000);
    expect(await tick()).toBeNull();
    clock.advance(2 * DAY);
    expect(await tick()).toEqual({ entries: 1, bytes: KB, keptEntries: 0, keptBytes: 0 });
    expect(await series(metrics)).toEqual({
      sweeps: 2,
      failed: 0,
      entries: 1,
      bytes: KB,
      keptEntries: 0,
      keptBytes: 0,
    });
    clock.advance(2 * 3_600_000);
    const both = await Promise.all([tick(), tick()]);
    expect(both.filter((swept) => swept === null)).toHaveLength(1);

    // A sweep the store refuses is counted as failed, and the next hour's starts over.
    await keepSpeech(storage, "refused", KB);
    clock.advance(2 * DAY);
    const refusing = watchedDeletes(storage, 1);
    const failing = exportCacheSweeper({ ...deps(refusing.watched, clock, { maxAgeDays: 1 }), metrics });
    await expect(failing()).rejects.toBeInstanceOf(StorageUnavailable);
    expect((await series(metrics)).failed).toBe(1);
  });
});
