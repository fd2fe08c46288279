import type {
  CampaignDocument,
  CampaignOrientation,
  Revision,
  RevisionOperation,
} from "../../../pipelines/marketing/campaign/document.js";
import type { ManifestClaim } from "../../../pipelines/marketing/source/manifest.js";

/**
 * What a sentence edit reads and answers. The grammar is a pure function of these: no clock, no store,
 * no model — the same sentence on the same document always gives the same operations.
 */

/** What the project's template and the catalogue offer; the grammar never names an option outside it. */
export interface EditCatalogue {
  /** The template's lengths in seconds, ascending. */
  durations: readonly number[];
  /** The template's offered speeds, ascending. */
  speeds: readonly number[];
  orientations: readonly CampaignOrientation[];
  /** Music moods from calmest to most energetic ("calmer" steps left, "more upbeat" right). */
  moods: readonly string[];
  fonts: readonly { id: string; family: string; category: string }[];
  voices: readonly { id: string; name: string; gender: "female" | "male" | "neutral"; language: string }[];
  /** Caption styles a user may name; a style meaning "no captions" is not listed (that is `enabled: false`). */
  captionStyles: readonly { id: string; name: string }[];
}

export interface EditInput {
  instruction: string;
  /** The latest revision's document, which the sentence edits. */
  document: CampaignDocument;
  /** The latest revision's number; revisions are numbered 1…latest, so "undo" and "revision 3" need no more. */
  latestRevision: number;
  /**
   * An earlier revision's document, read only when a sentence both goes back and goes on editing ("undo
   * and make it vertical"): the clauses after the revert edit the document it restores.
   */
  revisionDocument: (revision: Revision["number"]) => Revision["document"] | null;
  /** The pinned source version's claims index: new copy may only state these. */
  claims: readonly Pick<ManifestClaim, "text" | "kind">[];
  catalogue: EditCatalogue;
}

export type EditRefusalCode =
  | "edit_not_understood"
  | "campaign_unsupported_claim"
  | "unsupported_duration"
  | "campaign_speed_not_offered"
  | "invalid_revision"
  | "no_revision"
  | "revision_configuration_mismatch";

export interface EditRefusal {
  code: EditRefusalCode;
  message: string;
  details: Record<string, unknown>;
}

export type EditOutcome =
  | { understood: true; operations: RevisionOperation[] }
  | { understood: false; refusal: EditRefusal };

/**
 * A clause that was understood but asks for something the template or source does not allow: it refuses
 * the whole edit with its own code instead of `edit_not_understood`.
 */
export class EditRefused extends Error {
  constructor(readonly refusal: EditRefusal) {
    super(refusal.message);
  }
}

export const refuse = (code: EditRefusalCode, message: string, details: Record<string, unknown>): never => {
  throw new EditRefused({ code, message, details });
};
