/** Where finished files live: local disk (one machine) or an S3-compatible object store (a fleet). */
export interface StoredFile {
  key: string;
  bytes: number;
  sha256: string;
}

/** A file as a listing sees it: enough to expire it by age and to keep a folder within a size. */
export interface ListedFile {
  key: string;
  bytes: number;
  /** Local disk: the file's mtime (a `touch` moves it). S3: LastModified, the time it was written. */
  modifiedAt: Date;
}

export interface Storage {
  /** Stores a file under `key` (a relative path like `jobs/<id>/video.mp4`), replacing any. */
  put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile>;
  /** Copies a file already on local disk into storage (the render pipeline writes to a temp dir). */
  putFile(key: string, path: string): Promise<StoredFile>;
  /** The stored bytes (small files: plans, captions); rejects with StoredFileMissing when there is no such file. */
  get(key: string): Promise<Buffer>;
  /** The stored bytes as a stream (videos served through the API); rejects with StoredFileMissing. */
  open(key: string): Promise<NodeJS.ReadableStream>;
  /** Deletes the file; a missing key is done already (several workers of a fleet may sweep at once). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every file whose key starts with `prefix` (a folder: `cache/marketing/`), in no promised order,
   * fetched as it is read (S3 answers a page at a time), so a large folder is never held whole.
   */
  list(prefix: string): AsyncIterable<ListedFile>;
  /**
   * Marks the file as just used where that is cheap, so a sweep by age or size keeps what is read:
   * local disk sets its mtime to now; S3 does nothing (LastModified is write time, and re-writing the
   * object to move it costs more than what it would keep; decision 0045). A missing key is no error.
   */
  touch(key: string): Promise<void>;
  /** A URL that serves the file until `ttlSeconds` from now, and its expiry. */
  signedUrl(key: string, ttlSeconds: number): { url: string; expiresAt: string };
  /** Whether the store answers (readiness checks); never throws. */
  check(): Promise<boolean>;
}

/** The store did not answer or refused (network, credentials, 5xx): the API's `storage_unavailable`. */
export class StorageUnavailable extends Error {
  constructor(operation: string, options?: { cause?: unknown }) {
    super(`storage unavailable during ${operation}`, options);
    this.name = "StorageUnavailable";
  }
}

/** No file under the key. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`no stored file under ${key}`);
    this.name = "StoredFileMissing";
  }
}

const KEY_SHAPE = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Keys are relative paths of safe segments: no `..`, nothing a path or a URL would read differently. */
export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key) && !key.split("/").includes("..");
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`bad storage key: ${key}`);
}

/** A listing's prefix is a folder: a key of safe segments, and a slash. */
export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith("/") || !isStorageKey(prefix.slice(0, -1))) throw new Error(`bad storage prefix: ${prefix}`);
}

/** The stored bytes, or null when there is no such file; a store that does not answer still throws. */
export async function getStored(storage: Pick<Storage, "get">, key: string): Promise<Buffer | null> {
  try {
    return await storage.get(key);
  } catch (err) {
    if (err instanceof StoredFileMissing) return null;
    throw err;
  }
}
