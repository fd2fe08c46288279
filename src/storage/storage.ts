/** Where finished files live: local disk now, S3-compatible storage in the scale-out topology. */
export interface StoredFile {
  key: string;
  bytes: number;
  sha256: string;
}

export interface Storage {
  /** Stores a file under `key` (a relative path like `jobs/<id>/video.mp4`), replacing any. */
  put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile>;
  /** Copies a file already on local disk into storage (the render pipeline writes to a temp dir). */
  putFile(key: string, path: string): Promise<StoredFile>;
  /** The stored bytes (small files: plans, captions); rejects when there is no such file. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A URL that serves the file until `ttlSeconds` from now, and its expiry. */
  signedUrl(key: string, ttlSeconds: number): { url: string; expiresAt: string };
}
