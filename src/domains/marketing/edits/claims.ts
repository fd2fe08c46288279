import { type KnownClaim, unsupportedClaim } from "../../../pipelines/marketing/campaign/claims.js";
import { refuse } from "./context.js";

/** New words of an edit that state a claim the pinned source does not refuse the edit (campaign/claims.ts). */
export function checkClaims(text: string, claims: readonly KnownClaim[]): void {
  const claim = unsupportedClaim(text, claims);
  if (claim) {
    refuse("campaign_unsupported_claim", `“${claim.text}” is not stated by the source.`, {
      claim: claim.text,
      kind: claim.kind,
    });
  }
}
