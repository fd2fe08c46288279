import sharp from "sharp";
import type { SceneImage } from "../scenes/types.js";
import type { SourceManifest } from "../source/manifest.js";

async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const m = await sharp(bytes).metadata();
    return { width: m.width ?? 0, height: m.height ?? 0 };
  } catch {
    return { width: 0, height: 0 };
  }
}

/** A version file by storage key, as the job's input lists them. */
interface VersionFile {
  type: string;
  key: string;
}

/**
 * The source version's images as scenes show them: read from storage by asset id (the key the version
 * stored it under), with the size its manifest records (else measured from the bytes).
 */
export function sourceImages(
  manifest: SourceManifest,
  files: readonly VersionFile[],
  get: (key: string) => Promise<Buffer>,
) {
  const keyOf = (assetId: string): string | undefined =>
    files.find((f) => {
      const name = f.key.split("/").pop() ?? "";
      return name === assetId || name.startsWith(`${assetId}.`);
    })?.key;
  async function file(
    key: string,
    contentType: string,
    size?: { width: number; height: number },
  ): Promise<SceneImage | null> {
    const bytes = await get(key).catch(() => null);
    if (!bytes) return null;
    // A file that is not an image (a poster gone bad) is no picture: the scene draws its plate.
    const measured = size ?? (await sizeOf(bytes));
    return measured.width > 0 && measured.height > 0
      ? { file: bytes, contentType, width: measured.width, height: measured.height }
      : null;
  }
  return {
    file,
    async read(assetId: string): Promise<SceneImage | null> {
      const asset = manifest.assets.find((a) => a.id === assetId && a.retained);
      const key = keyOf(assetId);
      if (!asset || !key || !asset.contentType) return null;
      const size = asset.width && asset.height ? { width: asset.width, height: asset.height } : undefined;
      return file(key, asset.contentType, size);
    },
    /** A render source's poster, shown where its footage will play. */
    async poster(): Promise<SceneImage | null> {
      const asset = manifest.assets.find((a) => a.type === "poster" && a.retained);
      return asset ? this.read(asset.id) : null;
    },
  };
}
