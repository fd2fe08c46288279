import type { CampaignDocument, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import type { RevisionRules } from "./context.js";

/**
 * One operation applied to the working copy of the document (apply.ts clones it first, so the caller's
 * document is never touched). `at` is the operation's JSON pointer ("/operations/3"), for its refusals.
 */
export type Step<K extends RevisionOperation["op"]> = (
  doc: CampaignDocument,
  op: Extract<RevisionOperation, { op: K }>,
  at: string,
  rules: RevisionRules,
) => void;

export type Steps<K extends RevisionOperation["op"]> = { [P in K]: Step<P> };
