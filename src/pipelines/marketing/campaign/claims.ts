import { type ClaimKind, findClaims } from "../scan/copy/claims.js";

/**
 * Copy and narration may state a number, price, percentage, superlative or guarantee only when the
 * pinned source states it too: the same claim finder that built the source's claims index reads the new
 * words, and each claim found must be one of the index's (compared case- and space-insensitively, or
 * contained in one: "24/7" is in "24/7 support"). The generator, the revision checks and sentence edits
 * all ask this one function.
 */
const squash = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

export interface KnownClaim {
  text: string;
  kind: ClaimKind;
}

/** The first claim in `text` the index does not hold, or null when every claim in it is the source's. */
export function unsupportedClaim(text: string, claims: readonly KnownClaim[]): KnownClaim | null {
  const known = claims.map((c) => squash(c.text));
  for (const found of findClaims(text)) {
    const phrase = squash(found.text);
    if (!known.some((k) => k === phrase || k.includes(phrase))) {
      return { text: found.text, kind: found.kind };
    }
  }
  return null;
}
