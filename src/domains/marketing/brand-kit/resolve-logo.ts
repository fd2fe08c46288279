import { createHash } from "node:crypto";
import { ApiError } from "../../../contract/errors.js";
import { getStored } from "../../../storage/storage.js";
import type { DomainServices } from "../../services.js";
import { readManifest, type SourceVersion, SourceVersions, versionFiles } from "../sources/source-version.js";
import { type Db, findSourceJob } from "../sources/store.js";
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
async function logoVersion(db: Db, accountId: string, input: LogoInput, now: Date): Promise<SourceVersion> {
  const { sourceId } = input;
  const found = await findSourceJob(db, accountId, sourceId);
  // A refresh's id names a refresh, not a source.
  if (!found || found.source.id !== sourceId) throw new ApiError("source_not_found", { sourceId });
  const versions = await SourceVersions.of(db, found);
  return versions.readable(input.version ?? "latest", now);
}

/** A dimension the manifest gives as 0 (not measured) is stored as unknown. */
const positiveOrNull = (n: number | null): number | null => (n !== null && n > 0 ? n : null);

const notRetained = (input: LogoInput, version: number, reason: string) =>
  new ApiError("brand_logo_not_retained", { sourceId: input.sourceId, version, assetId: input.assetId, reason });

/**
 * Resolves `input` to the asset's verified bytes: brand_logo_source_mismatch when the version has no
 * such asset, invalid_brand_kit (`not_an_image`) when it is not a raster image, brand_logo_not_retained
 * when its file was not kept, is gone, or no longer matches the manifest's sha256.
 */
export async function fetchLogo(
  deps: Pick<DomainServices, "db" | "storage" | "log">,
  accountId: string,
  input: LogoInput,
  now: Date,
): Promise<LogoCopy> {
  const chosen = await logoVersion(deps.db.kysely, accountId, input, now);
  const { version } = chosen;
  const read = await readManifest(deps, chosen);
  // Missing or failing its schema (logged by readManifest), the manifest cannot say what the asset is.
  if (!read.ok) throw notRetained(input, version, "manifest_unreadable");
  const asset = read.manifest.assets.find((a) => a.id === input.assetId);
  if (!asset)
    throw new ApiError("brand_logo_source_mismatch", { sourceId: input.sourceId, version, assetId: input.assetId });
  const contentType = asset.contentType;
  if (contentType === null || !Object.hasOwn(IMAGE_EXTENSIONS, contentType))
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
  const file = asset.sha256 ? versionFiles(chosen).find((f) => f.sha256 === asset.sha256) : undefined;
  if (!file) throw notRetained(input, version, "file_missing");
  const bytes = await getStored(deps.storage, file.key);
  if (!bytes) throw notRetained(input, version, "file_missing");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== asset.sha256) throw notRetained(input, version, "sha256_mismatch");
  return {
    bytes,
    logo: {
      sourceId: input.sourceId,
      version,
      assetId: input.assetId,
      key: logoKey(accountId, sha256, contentType),
      bytes: bytes.length,
      sha256,
      contentType,
      width: positiveOrNull(asset.width),
      height: positiveOrNull(asset.height),
      aspectRatio: positiveOrNull(asset.aspectRatio),
    },
  };
}
