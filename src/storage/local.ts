import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, copyFile, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { pipeline } from "node:stream/promises";
import { type Clock, systemClock } from "../clock.js";
import type { FileLinks } from "./file-links.js";
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type ListedFile,
  type Storage,
  type StoredFile,
  StoredFileMissing,
} from "./storage.js";

/** A file or folder another sweep removed between our look and our next: not there, no error. */
const gone = (err: NodeJS.ErrnoException) => err.code === "ENOENT" || err.code === "ENOTDIR";

/** Files under `<data dir>/files`, served by the API's signed file route (FileLinks). */
export class LocalStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly links: FileLinks,
    /** What `touch` sets a file's mtime to. */
    private readonly clock: Clock = systemClock,
  ) {}

  async put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    if (Buffer.isBuffer(data)) {
      await writeFile(path, data);
    } else {
      await pipeline(data, createWriteStream(path));
    }
    return this.describe(key, path);
  }

  async putFile(key: string, source: string): Promise<StoredFile> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await copyFile(source, path);
    return this.describe(key, path);
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      throw err.code === "ENOENT" ? new StoredFileMissing(key) : err;
    });
  }

  async open(key: string): Promise<NodeJS.ReadableStream> {
    const path = this.pathOf(key);
    if (!(await this.exists(key))) throw new StoredFileMissing(key);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    assertStoragePrefix(prefix);
    yield* this.walk(join(this.root, prefix), prefix);
  }

  async touch(key: string): Promise<void> {
    const now = this.clock.now();
    await utimes(this.pathOf(key), now, now).catch((err: NodeJS.ErrnoException) => {
      if (!gone(err)) throw err;
    });
  }

  signedUrl(key: string, ttlSeconds: number): { url: string; expiresAt: string } {
    return this.links.link(key, ttlSeconds);
  }

  async check(): Promise<boolean> {
    await mkdir(this.root, { recursive: true }).catch(() => undefined);
    return access(this.root).then(
      () => true,
      () => false,
    );
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return normalize(join(this.root, key));
  }

  /** Depth first, one folder read at a time; names no key could have (nothing we wrote) are left out. */
  private async *walk(dir: string, keyPrefix: string): AsyncGenerator<ListedFile> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (gone(err)) return [];
      throw err;
    });
    for (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (!isStorageKey(key)) continue;
      if (entry.isDirectory()) {
        yield* this.walk(join(dir, entry.name), `${key}/`);
      } else if (entry.isFile()) {
        const info = await stat(join(dir, entry.name)).catch((err: NodeJS.ErrnoException) => {
          if (gone(err)) return null;
          throw err;
        });
        if (info) yield { key, bytes: info.size, modifiedAt: info.mtime };
      }
    }
  }

  /** Size and SHA-256 of the stored bytes, hashed as a stream (videos can be large). */
  private async describe(key: string, path: string): Promise<StoredFile> {
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    return { key, bytes, sha256: hash.digest("hex") };
  }
}
