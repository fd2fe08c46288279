import type { CampaignDocument, Revision, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import type { DomainServices } from "../../services.js";
import { applyOperations } from "../revision/apply.js";
import { checkContent } from "../revision/check.js";
import { checkTiming } from "../revision/checks/timing.js";
import type { RevisionRules } from "../revision/context.js";
import { type MadeBy, revisionOrigin } from "../revision/origin.js";
import { appendRevision } from "./append-revision.js";
import { checkCopyFits } from "./copy-fit.js";
import { narrationSpeech } from "./narration-speech.js";
import type { ProjectRow } from "./store.js";

/**
 * The latest document with operations applied, checked whole (decision 0033), narration measured with
 * its voice, copy in Chromium.
 */
export async function nextDocument(
  deps: Pick<DomainServices, "copyFit" | "speechFit" | "catalog">,
  base: CampaignDocument,
  operations: readonly RevisionOperation[],
  rules: RevisionRules,
): Promise<CampaignDocument> {
  const document = applyOperations(base, operations, rules);
  await checkedDocument(deps, document, rules);
  return document;
}

/**
 * Every rule a stored revision must meet (check.ts, then checks/timing.ts): the content first, then the
 * timing on the narration as the voice says it (measured only for a document that passed the rest), the
 * copy's fit last (the only check that needs Chromium).
 */
export async function checkedDocument(
  deps: Pick<DomainServices, "copyFit" | "speechFit" | "catalog">,
  document: CampaignDocument,
  rules: RevisionRules,
): Promise<void> {
  checkContent(document, rules);
  checkTiming(document, await narrationSpeech(deps, document, rules.source));
  await checkCopyFits(deps, document, rules.source);
}

/** Stores the checked document as the next revision, if `expected` is still the latest. */
export function storeRevision(
  deps: Pick<DomainServices, "db" | "clock">,
  project: ProjectRow,
  expected: number,
  made: MadeBy,
  document: CampaignDocument,
): Promise<Revision> {
  return appendRevision(deps, project.id, expected, revisionOrigin(made), document);
}
