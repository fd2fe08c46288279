import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { ApiError } from "../../../contract/errors.js";
import type { Database } from "../../../db/schema.js";
import type { JobRow, StoredResult } from "../../../jobs/envelope.js";
import type { ManifestAsset } from "../../../pipelines/marketing/scan/manifest.js";
import type { Storage } from "../../../storage/storage.js";
import { findSourceJob, isRetained, versionsOf } from "../sources/store.js";
import type { LogoInput } from "./schemas.js";
import type { StoredLogo } from "./store.js";

/**
 * A logo named as a source asset, checked in decision 0025's order and read from the version's files:
 * the bytes the kit copies into its own storage. Nothing is written here (the PUT copies under the
 * account lock).
 */

/** Raster images the compositor draws; an SVG could carry script, and the scanner rasterises SVG logos anyway. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

export interface LogoCopy {
  logo: StoredLogo;
  bytes: Buffer;
}

/** The kit's own copy of a logo: content-addressed per account, outside every source's prefix. */
export const logoKey = (accountId: string, sha256: string, contentType: string): string =>
  `brand/${accountId}/logo-${sha256}.${IMAGE_EXTENSIONS[contentType]}`;

/** Same `{ sourceId, version, assetId }` as the stored logo: kept without looking at the source again. */
export const isSameLogo = (stored: StoredLogo | null, input: LogoInput): stored is StoredLogo =>
  stored !== null &&
  stored.sourceId === input.sourceId &&
  stored.version === input.version &&
  stored.assetId === input.assetId;

/** 404 source_not_found … 410 source_version_expired: the version the logo comes from. */
async function logoVersion(
  db: Kysely<Database>,
  accountId: string,
  input: LogoInput,
  now: Date,
): Promise<{ version: number; job: JobRow }> {
  const { sourceId } = input;
  const found = await findSourceJob(db, accountId, sourceId);
  // An operation id names a refresh, not a source.
  if (!found || found.source.id !== sourceId) throw new ApiError("source_not_found", { sourceId });
  if (found.source.deleted_at !== null) throw new ApiError("source_deleted", { sourceId });
  const versions = await versionsOf(db, sourceId);
  const latest = versions.at(-1);
  if (!latest) throw new ApiError("source_not_ready", { state: found.job.state });
  const retainedVersions = versions.filter((v) => isRetained(v.job, now)).map((v) => v.version);
  if (retainedVersions.length === 0) throw new ApiError("source_expired", { sourceId });
  const wanted = input.version ?? latest.version;
  const chosen = versions.find((v) => v.version === wanted);
  if (!chosen) throw new ApiError("source_version_not_found", { version: wanted, latestVersion: latest.version });
  if (!retainedVersions.includes(wanted))
    throw new ApiError("source_version_expired", { version: wanted, retainedVersions });
  return chosen;
}

const wholeOrNull = (n: unknown): number | null =>
  Number.isSafeInteger(n) && (n as number) > 0 ? (n as number) : null;

const notRetained = (input: LogoInput, version: number, reason: string) =>
  new ApiError("brand_logo_not_retained", { sourceId: input.sourceId, version, assetId: input.assetId, reason });

/** The version's manifest assets; null when its `source` file cannot be read (treated as not retained). */
async function manifestAssets(storage: Storage, files: StoredResult["artifacts"]): Promise<unknown[] | null> {
  const manifest = files.find((a) => a.type === "source");
  if (!manifest) return null;
  try {
    const parsed = JSON.parse((await storage.get(manifest.key)).toString("utf8")) as { assets?: unknown };
    return Array.isArray(parsed.assets) ? parsed.assets : null;
  } catch {
    return null;
  }
}

/**
 * Resolves `input` to the asset's verified bytes: brand_logo_source_mismatch when the version has no
 * such asset, invalid_brand_kit (`not_an_image`) when it is not a raster image, brand_logo_not_retained
 * when its file was not kept, is gone, or no longer matches the manifest's sha256.
 */
export async function fetchLogo(
  deps: { db: Kysely<Database>; storage: Storage },
  accountId: string,
  input: LogoInput,
  now: Date,
): Promise<LogoCopy> {
  const { version, job } = await logoVersion(deps.db, accountId, input, now);
  const files = job.result ? (JSON.parse(job.result) as StoredResult).artifacts : [];
  const assets = await manifestAssets(deps.storage, files);
  if (!assets) throw notRetained(input, version, "manifest_unreadable");
  const asset = assets.find((a): a is ManifestAsset => (a as ManifestAsset | null)?.id === input.assetId);
  if (!asset)
    throw new ApiError("brand_logo_source_mismatch", { sourceId: input.sourceId, version, assetId: input.assetId });
  if (typeof asset.contentType !== "string" || !Object.hasOwn(IMAGE_EXTENSIONS, asset.contentType))
    throw new ApiError("invalid_brand_kit", {
      issues: [
        {
          path: "body.logo.assetId",
          code: "not_an_image",
          message: "names an asset that is not a PNG, JPEG, WebP or GIF image",
        },
      ],
    });
  if (!asset.retained) throw notRetained(input, version, asset.reason ?? "not_retained");
  const file = asset.sha256 ? files.find((f) => f.sha256 === asset.sha256) : undefined;
  if (!file) throw notRetained(input, version, "file_missing");
  const bytes = await deps.storage.get(file.key).catch(() => null);
  if (!bytes) throw notRetained(input, version, "file_missing");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== asset.sha256) throw notRetained(input, version, "sha256_mismatch");
  return {
    bytes,
    logo: {
      sourceId: input.sourceId,
      version,
      assetId: input.assetId,
      key: logoKey(accountId, sha256, asset.contentType),
      bytes: bytes.length,
      sha256,
      contentType: asset.contentType,
      width: wholeOrNull(asset.width),
      height: wholeOrNull(asset.height),
      aspectRatio: typeof asset.aspectRatio === "number" && asset.aspectRatio > 0 ? asset.aspectRatio : null,
    },
  };
}
