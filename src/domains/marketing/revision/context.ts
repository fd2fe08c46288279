import type { BrandLook } from "../../../pipelines/marketing/campaign/brand-look.js";
import type { KnownClaim } from "../../../pipelines/marketing/campaign/claims.js";
import type { CampaignDocument, SceneKind } from "../../../pipelines/marketing/campaign/document.js";
import type { ManifestAsset, SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import type { EditCatalogue } from "../edits/context.js";

/**
 * What applying and checking a revision read besides the document: the project's template and the
 * catalogue (the same lists a sentence edit reads), the pinned source version, the two brands `use_brand`
 * can take, and the project's earlier revisions (for `revert`). The checks are pure functions of these:
 * the operation loads them once, and the same document always gets the same answer.
 */
export interface RevisionRules {
  /** The template's durations, speeds and orientations, and the catalogue's fonts, voices, caption styles, moods. */
  catalogue: EditCatalogue;
  /** The template's scene outline: the kinds its layouts are drawn for. */
  outline: readonly SceneKind[];
  source: PinnedSource;
  brands: { source: BrandLook; kit: BrandLook | null };
  /** The latest revision's number (0 before the first: a generation's document is revision 1). */
  latestRevision: number;
  /** Revision n's document; null for a number the project does not have. */
  revisionDocument: (revision: number) => CampaignDocument | null;
}

/** What the checks read of the project's pinned source version. */
export interface PinnedSource {
  id: string;
  version: number;
  /** The site's language (`brand.language`, e.g. "en" or "en-US"); null when the scan found none. */
  language: string | null;
  /** The claims index: copy and narration may state only these. */
  claims: readonly KnownClaim[];
  assets: readonly Pick<ManifestAsset, "id" | "type" | "retained" | "aspectRatio">[];
}

export const pinnedSource = (manifest: SourceManifest): PinnedSource => ({
  id: manifest.sourceId,
  version: manifest.version,
  language: manifest.brand.language,
  claims: manifest.claims,
  assets: manifest.assets,
});
