import type { CampaignDocument, Revision, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import type { DomainServices } from "../../services.js";
import { applyOperations } from "../revision/apply.js";
import { checkDocument } from "../revision/check.js";
import type { RevisionRules } from "../revision/context.js";
import { type MadeBy, revisionOrigin } from "../revision/origin.js";
import { appendRevision } from "./append-revision.js";
import { checkCopyFits } from "./copy-fit.js";
import type { ProjectRow } from "./store.js";

/** The latest document with operations applied, checked whole (decision 0033), copy measured in Chromium. */
export async function nextDocument(
  deps: Pick<DomainServices, "copyFit">,
  base: CampaignDocument,
  operations: readonly RevisionOperation[],
  rules: RevisionRules,
): Promise<CampaignDocument> {
  const document = applyOperations(base, operations, rules);
  await checkedDocument(deps, document, rules);
  return document;
}

/** Every rule a stored revision must meet, the copy's fit last (the only check that needs Chromium). */
export async function checkedDocument(
  deps: Pick<DomainServices, "copyFit">,
  document: CampaignDocument,
  rules: RevisionRules,
): Promise<void> {
  checkDocument(document, rules);
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
