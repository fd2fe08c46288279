import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { iso } from "../../src/clock.js";
import { uuidv7 } from "../../src/ids.js";
import type { JobRow, StoredResult } from "../../src/jobs/envelope.js";
import {
  INSPECTOR_VERSION,
  MANIFEST_SCHEMA_ID,
  type ManifestAsset,
  type SourceManifest,
} from "../../src/pipelines/marketing/source/manifest.js";
import type { Harness } from "../../src/testutil/harness.js";
import { ranJobRow } from "./job-row.js";

/** One asset of a seeded version: its manifest entry, and (unless told otherwise) its file in storage. */
export interface SeedAsset {
  id: string;
  type: ManifestAsset["type"];
  contentType: string;
  /** The file's bytes (default: a small PNG). */
  data?: Buffer;
  /** Listed with `retained: false` and this reason, no file. */
  skipped?: NonNullable<ManifestAsset["reason"]>;
  /** Listed as retained with an artifact, but the file is not in storage. */
  fileMissing?: boolean;
  /** The stored file differs from the bytes the manifest's sha256 names. */
  tampered?: boolean;
  /** The manifest's size for it (default 40 × 10). */
  size?: { width: number; height: number };
}

export interface SeedVersion {
  assets?: SeedAsset[];
  /** Fields of the manifest other than the seeded defaults (copy, claims, brand, palette…). */
  manifest?: Partial<SourceManifest>;
  /** Past retention: the job's files swept (`artifacts_expired`). */
  expired?: boolean;
}

export interface SeededSource {
  sourceId: string;
  /** Per version (1, 2, …): its job id and each asset's sha256. */
  versions: { version: number; jobId: string; sha256: Record<string, string> }[];
}

/** A small solid PNG; distinct colours give distinct bytes (and sha256). */
export const pngOf = (colour: string, width = 40, height = 10): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

function manifestOf(
  sourceId: string,
  version: number,
  url: string,
  at: string,
  assets: ManifestAsset[],
): SourceManifest {
  return {
    schema: MANIFEST_SCHEMA_ID,
    scanner: INSPECTOR_VERSION,
    sourceId,
    version,
    previousVersion: version > 1 ? version - 1 : null,
    kind: "url",
    url,
    finalUrl: url,
    origin: new URL(url).origin,
    renderId: null,
    createdAt: at,
    degraded: false,
    pages: [],
    brand: {
      name: "Acme",
      tagline: null,
      description: null,
      language: "en",
      themeColor: null,
      logo: assets.find((a) => a.type === "logo")?.id ?? null,
      suggestedColors: null,
    },
    palette: [],
    fonts: [],
    copy: [],
    claims: [],
    assets,
    warnings: [],
  };
}

/** Writes one version's files (manifest + assets) and answers the job's stored result. */
async function storeVersion(
  h: Harness,
  sourceId: string,
  version: number,
  url: string,
  at: string,
  seed: SeedVersion,
): Promise<{ result: string; sha256: Record<string, string> }> {
  const assets = seed.assets ?? [{ id: "logo-1", type: "logo", contentType: "image/png" }];
  const entries: ManifestAsset[] = [];
  const artifacts: StoredResult["artifacts"] = [];
  const sums: Record<string, string> = {};
  for (const a of assets) {
    const data = a.data ?? (await pngOf("#4f46e5"));
    sums[a.id] = sha(data);
    const entry: ManifestAsset = {
      id: a.id,
      type: a.type,
      contentType: a.contentType,
      bytes: a.skipped ? null : data.length,
      sha256: a.skipped ? null : (sums[a.id] as string),
      width: a.size?.width ?? 40,
      height: a.size?.height ?? 10,
      aspectRatio: (a.size?.width ?? 40) / (a.size?.height ?? 10),
      page: 0,
      retained: !a.skipped,
      reason: a.skipped ?? null,
      from: "header-img",
    };
    entries.push(entry);
    if (a.skipped) continue;
    const key = `sources/${sourceId}/v${version}/${a.id}`;
    if (!a.fileMissing) await h.deps.storage.put(key, a.tampered ? Buffer.concat([data, Buffer.from("x")]) : data);
    artifacts.push({ type: a.type, key, bytes: data.length, sha256: sums[a.id] as string });
  }
  const manifest = { ...manifestOf(sourceId, version, url, at, entries), ...seed.manifest };
  const file = await h.deps.storage.put(
    `sources/${sourceId}/v${version}/source.json`,
    Buffer.from(JSON.stringify(manifest)),
  );
  const result: StoredResult = { artifacts: [{ type: "source", ...file }, ...artifacts], durationSeconds: null };
  return { result: JSON.stringify(result), sha256: sums };
}

/**
 * A URL source as its scans leave it, without Chromium: the `marketing.source_scan` job (its id is the
 * source id) and one `marketing.source_operation` job per further version, each with its `source`
 * manifest and asset files in storage, plus the source and inspection rows. `state` other than
 * succeeded seeds the scan alone, still in that state, with no version.
 */
export async function seedSource(
  h: Harness,
  accountId: string,
  opts: { state?: JobRow["state"]; versions?: SeedVersion[]; deleted?: boolean; url?: string } = {},
): Promise<SeededSource> {
  const url = opts.url ?? "https://acme.example/";
  const state = opts.state ?? "succeeded";
  const versions = state === "succeeded" ? (opts.versions ?? [{}]) : [];
  const sourceId = uuidv7(h.clock.now().getTime());
  const at = iso(h.clock.now());
  const db = h.deps.db.kysely;
  await db
    .insertInto("marketing_sources")
    .values({
      id: sourceId,
      account_id: accountId,
      kind: "url",
      url: opts.deleted ? null : url,
      origin: opts.deleted ? null : new URL(url).origin,
      render_id: null,
      deleted_at: opts.deleted ? at : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const seeded: SeededSource = { sourceId, versions: [] };
  const inspect = async (
    jobId: string,
    version: number,
    kind: string,
    jobState: JobRow["state"],
    seed: SeedVersion,
  ) => {
    const stored = jobState === "succeeded" ? await storeVersion(h, sourceId, version, url, at, seed) : null;
    const input = { kind: "url", sourceId, version, previousVersion: version > 1 ? version - 1 : null, url };
    await db
      .insertInto("jobs")
      .values(
        ranJobRow({
          id: jobId,
          accountId,
          kind,
          state: jobState,
          at,
          result: stored?.result ?? null,
          input,
          failedWith: "source_unreadable",
          expired: seed.expired ?? false,
          expiresAt: seed.expired ? at : null,
        }),
      )
      .execute();
    await db
      .insertInto("marketing_source_inspections")
      .values({
        job_id: jobId,
        source_id: sourceId,
        account_id: accountId,
        version,
        origin: new URL(url).origin,
        request_hash: null,
        created_at: at,
      })
      .execute();
    if (stored) seeded.versions.push({ version, jobId, sha256: stored.sha256 });
  };
  await inspect(sourceId, 1, "marketing.source_scan", state, versions[0] ?? {});
  for (const [i, seed] of versions.slice(1).entries()) {
    h.clock.advance(1000);
    await inspect(uuidv7(h.clock.now().getTime()), i + 2, "marketing.source_operation", "succeeded", seed);
  }
  return seeded;
}

/**
 * A version seeded from a captured scan (test/fixtures/marketing-manifests/<name>.json): its copy, claims,
 * brand, pages, palette and fonts as the scanner read them, and every retained asset as a small PNG (the
 * captured files are not kept; their ids, types and sizes are).
 */
export async function capturedVersion(name: string): Promise<SeedVersion> {
  const url = new URL(`../fixtures/marketing-manifests/${name}.json`, import.meta.url);
  const captured = JSON.parse(await readFile(url, "utf8")) as SourceManifest;
  const png = await pngOf("#64748b", 160, 90);
  const { copy, claims, brand, pages, palette, fonts } = captured;
  return {
    assets: captured.assets
      .filter((a) => a.retained && a.contentType)
      .map((a) => ({ id: a.id, type: a.type, contentType: "image/png", data: png })),
    manifest: { copy, claims, brand, pages, palette, fonts },
  };
}
