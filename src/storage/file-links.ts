import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../clock.js";
import { assertStorageKey, isStorageKey } from "./storage.js";

export const FILES_PREFIX = "/files/";
/** The query parameter carrying a file URL's signature: a credential, so logs never show it. */
export const SIGNATURE_PARAM = "sig";

/**
 * URLs of the API's own file route, `GET /files/<key>?expires=<unix>&sig=<hmac>`: the signature covers
 * key and expiry, so a URL cannot be widened to another file or a later time. Local storage always
 * serves its files this way; S3 storage does when its files are proxied through the API.
 */
export class FileLinks {
  constructor(
    private readonly publicUrl: string,
    private readonly signingKey: Buffer,
    private readonly clock: Clock,
  ) {}

  link(key: string, ttlSeconds: number): { url: string; expiresAt: string } {
    assertStorageKey(key);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds;
    return {
      url: `${this.publicUrl}${FILES_PREFIX}${key}?expires=${expires}&${SIGNATURE_PARAM}=${this.sign(key, expires)}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** Whether the signature holds for the key and has not expired. */
  verify(key: string, expires: string | undefined, sig: string | undefined): boolean {
    if (!isStorageKey(key) || !expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 < this.clock.now().getTime()) return false;
    const expected = Buffer.from(this.sign(key, Number(expires)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(key: string, expires: number): string {
    return createHmac("sha256", this.signingKey).update(`${key}\n${expires}`).digest("base64url");
  }
}
