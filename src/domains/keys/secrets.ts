import { createHash, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "../../ids.js";

/** Spec: `svc_live_` + 40 base62 characters. There is no test prefix. */
export const KEY_PREFIX = "svc_live_";
export const KEY_SHAPE = /^svc_live_[0-9A-Za-z]{40}$/;
export const SESSION_PREFIX = "sess_";
export const SESSION_SHAPE = /^sess_[0-9A-Za-z]{40}$/;

export interface MintedKey {
  secret: string;
  /** The scheme plus the first eight characters: 17 characters, readable forever. */
  prefix: string;
  last4: string;
  hash: string;
}

export const sha256 = (s: string): string => createHash("sha256").update(s).digest("hex");

export function mintKey(): MintedKey {
  const secret = KEY_PREFIX + randomBase62(40);
  return { secret, prefix: secret.slice(0, 17), last4: secret.slice(-4), hash: sha256(secret) };
}

export const mintSessionToken = (): string => SESSION_PREFIX + randomBase62(40);

/** Constant-time comparison of two hex digests, checking length first. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
