import { join } from "node:path";
import type { Clock } from "../clock.js";
import { FileLinks } from "./file-links.js";
import { LocalStorage } from "./local.js";
import type { S3Settings } from "./s3.js";
import type { Storage } from "./storage.js";

/** `CLIPWRIGHT_STORAGE`: files on this machine's disk, or in an S3-compatible bucket the fleet shares. */
export type StorageSettings = { backend: "local" } | ({ backend: "s3" } & S3Settings);

export interface OpenedStorage {
  storage: Storage;
  /** The API's signed `/files/` URLs: every local file, and S3 files when proxied. */
  links: FileLinks;
  /** Other origins a browser loads stored files from (the bucket's, when downloads are presigned). */
  fileOrigins: string[];
  close(): void;
}

/** The configured backend. The AWS SDK is loaded only when S3 is chosen. */
export async function openStorage(
  settings: StorageSettings,
  dataDir: string,
  links: { publicUrl: string; signingKey: Buffer; clock: Clock },
): Promise<OpenedStorage> {
  const fileLinks = new FileLinks(links.publicUrl, links.signingKey, links.clock);
  if (settings.backend === "local") {
    const storage = new LocalStorage(join(dataDir, "files"), fileLinks, links.clock);
    return { storage, links: fileLinks, fileOrigins: [], close: () => {} };
  }
  const { S3Storage } = await import("./s3.js");
  const { backend: _, ...s3 } = settings;
  const storage = new S3Storage(s3, fileLinks, links.clock);
  await storage.start();
  const origin = storage.downloadOrigin();
  return { storage, links: fileLinks, fileOrigins: origin ? [origin] : [], close: () => storage.close() };
}
