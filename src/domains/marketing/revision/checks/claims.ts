import { type KnownClaim, unsupportedClaim } from "../../../../pipelines/marketing/campaign/claims.js";
import type { CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import { refuse, scenePath } from "../refusal.js";

/**
 * Every text the video shows or says states only claims of the pinned source (campaign/claims.ts), hidden
 * scenes' too (one `show_scene` puts them on screen): `campaign_unsupported_claim` with the text's path,
 * the claim and its kind.
 */
export function checkClaims(doc: CampaignDocument, claims: readonly KnownClaim[]): void {
  const texts: [string, string | null | undefined][] = [["/story/coverText", doc.story.coverText]];
  doc.story.scenes.forEach((scene, i) => {
    texts.push(
      [scenePath(i, "headline"), scene.headline],
      [scenePath(i, "body"), scene.body],
      [scenePath(i, "cta", "text"), scene.cta?.text],
      [scenePath(i, "quote", "text"), scene.quote?.text],
      [scenePath(i, "narration"), scene.narration],
    );
  });
  for (const [path, text] of texts) {
    const claim = text ? unsupportedClaim(text, claims) : null;
    if (claim)
      refuse("campaign_unsupported_claim", path, "states a claim the source does not", {
        claim: claim.text,
        kind: claim.kind,
      });
  }
}
