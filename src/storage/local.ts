import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Clock } from "../clock.js";
import type { Storage, StoredFile } from "./storage.js";

export const FILES_PREFIX = "/files/";
/** The query parameter carrying a file URL's signature: a credential, so logs never show it. */
export const SIGNATURE_PARAM = "sig";
const KEY_SHAPE = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * Files under `<data dir>/files`, served by `GET /files/<key>?expires=<unix>&sig=<hmac>`: the signature
 * covers key and expiry, so a URL cannot be widened to another file or a later time.
 */
export class LocalStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicUrl: string,
    private readonly signingKey: Buffer,
    private readonly clock: Clock,
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
    return readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  signedUrl(key: string, ttlSeconds: number): { url: string; expiresAt: string } {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds;
    const sig = this.sign(key, expires);
    return {
      url: `${this.publicUrl}${FILES_PREFIX}${key}?expires=${expires}&${SIGNATURE_PARAM}=${sig}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The file's path when the signature holds and has not expired; null otherwise. */
  verify(key: string, expires: string | undefined, sig: string | undefined): string | null {
    if (!KEY_SHAPE.test(key) || !expires || !sig || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 < this.clock.now().getTime()) return null;
    const expected = Buffer.from(this.sign(key, Number(expires)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return this.pathOf(key);
  }

  openStream(path: string) {
    return createReadStream(path);
  }

  private sign(key: string, expires: number): string {
    return createHmac("sha256", this.signingKey).update(`${key}\n${expires}`).digest("base64url");
  }

  private pathOf(key: string): string {
    if (!KEY_SHAPE.test(key) || key.split("/").includes("..")) throw new Error(`bad storage key: ${key}`);
    return normalize(join(this.root, key));
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
