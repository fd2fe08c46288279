import type { Storage } from "../../../storage/storage.js";
import type { PipelineOutput } from "../../run.js";
import type { AssetType, ManifestAsset, SourceManifest } from "./manifest.js";

/**
 * The files of one source version: each goes under `sources/<sourceId>/v<version>/`, is listed in the
 * manifest as an asset with its sha256 and bytes, and becomes an envelope artifact of the same type.
 * Asset ids are `<type>-<n>`, numbered per type in the order files are added. Keys are never reused:
 * a version is written once.
 */

export interface AssetFacts {
  contentType: string;
  width?: number | null;
  height?: number | null;
  page?: number | null;
  from?: string | null;
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/svg+xml": "svg",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "text/vtt": "vtt",
  "application/json": "json",
};

export const extensionOf = (contentType: string): string =>
  EXTENSIONS[contentType.split(";")[0]?.trim() ?? ""] ?? "bin";

export class VersionFiles {
  readonly assets: ManifestAsset[] = [];
  readonly artifacts: PipelineOutput["artifacts"] = [];
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly storage: Storage,
    readonly prefix: string,
  ) {}

  static of(storage: Storage, sourceId: string, version: number): VersionFiles {
    return new VersionFiles(storage, `sources/${sourceId}/v${version}`);
  }

  /** The next id of a type (`image-3`), reserved whether or not a file is kept under it. */
  nextId(type: AssetType): string {
    const n = (this.counts.get(type) ?? 0) + 1;
    this.counts.set(type, n);
    return `${type}-${n}`;
  }

  /** Stores bytes (a Buffer, or a file on local disk by path) as a retained asset and its artifact. */
  async add(type: AssetType, data: Buffer | { path: string }, facts: AssetFacts): Promise<ManifestAsset> {
    const id = this.nextId(type);
    const key = `${this.prefix}/${id}.${extensionOf(facts.contentType)}`;
    const stored = Buffer.isBuffer(data)
      ? await this.storage.put(key, data)
      : await this.storage.putFile(key, data.path);
    this.artifacts.push({ type, key: stored.key, bytes: stored.bytes, sha256: stored.sha256 });
    const asset = assetEntry(id, type, facts, { bytes: stored.bytes, sha256: stored.sha256 });
    this.assets.push(asset);
    return asset;
  }

  /** Lists an asset that was found but not kept (too large, blocked by the fence, …). */
  skip(
    type: AssetType,
    reason: NonNullable<ManifestAsset["reason"]>,
    facts: Omit<Partial<AssetFacts>, "contentType"> & { contentType?: string | null },
  ): ManifestAsset {
    const asset: ManifestAsset = {
      ...assetEntry(this.nextId(type), type, { ...facts, contentType: facts.contentType ?? "" }, null),
      contentType: facts.contentType?.slice(0, 200) || null,
      retained: false,
      reason,
    };
    this.assets.push(asset);
    return asset;
  }

  /**
   * Stores the manifest itself (artifact `source`), last, once every asset is listed, and answers the
   * job's output: a free version, degraded when its warnings cost content (said in the envelope too).
   */
  async finish(manifest: SourceManifest): Promise<PipelineOutput> {
    const stored = await this.storage.put(
      `${this.prefix}/manifest.json`,
      Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    );
    // The manifest first: it is what a client reads to find the rest.
    this.artifacts.unshift({ type: "source", key: stored.key, bytes: stored.bytes, sha256: stored.sha256 });
    return {
      artifacts: this.artifacts,
      durationSeconds: null,
      chargeSeconds: 0,
      ...(manifest.degraded ? { internalStatus: "succeeded_degraded" } : {}),
    };
  }
}

function assetEntry(
  id: string,
  type: AssetType,
  facts: AssetFacts,
  file: { bytes: number; sha256: string } | null,
): ManifestAsset {
  const width = facts.width && facts.width > 0 ? Math.round(facts.width) : null;
  const height = facts.height && facts.height > 0 ? Math.round(facts.height) : null;
  return {
    id,
    type,
    contentType: facts.contentType.slice(0, 200),
    bytes: file?.bytes ?? null,
    sha256: file?.sha256 ?? null,
    width,
    height,
    aspectRatio: width && height ? Math.round((width / height) * 1000) / 1000 : null,
    page: facts.page ?? null,
    retained: file !== null,
    reason: null,
    from: facts.from?.slice(0, 60) ?? null,
  };
}
