import type { ClaimKind } from "../../../pipelines/marketing/scan/copy/claims.js";
import { findClaims } from "../../../pipelines/marketing/scan/copy/claims.js";
import { refuse } from "./context.js";

/**
 * New words in an edit may state a number, price, percentage, superlative or guarantee only when the
 * pinned source states it too: the same claim finder that built the source's claims index reads the new
 * words, and each claim found must be one of the index's (compared case- and space-insensitively, or
 * contained in one: "24/7" is in "24/7 support").
 */
const squash = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

export function unsupportedClaim(
  text: string,
  claims: readonly { text: string; kind: ClaimKind }[],
): { text: string; kind: ClaimKind } | null {
  const known = claims.map((c) => squash(c.text));
  for (const found of findClaims(text)) {
    const phrase = squash(found.text);
    if (!known.some((k) => k === phrase || k.includes(phrase))) {
      return { text: found.text, kind: found.kind };
    }
  }
  return null;
}

export function checkClaims(text: string, claims: readonly { text: string; kind: ClaimKind }[]): void {
  const claim = unsupportedClaim(text, claims);
  if (claim) {
    refuse("campaign_unsupported_claim", `“${claim.text}” is not stated by the source.`, {
      claim: claim.text,
      kind: claim.kind,
    });
  }
}
