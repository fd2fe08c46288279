import type { CampaignDocument, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import type { RevisionRules } from "./context.js";
import { refitNarration } from "./narration-refit.js";
import type { Step } from "./operation-step.js";
import { refuse } from "./refusal.js";
import { SCENE_STEPS } from "./scene-operations.js";
import { SETTING_STEPS } from "./setting-operations.js";

/**
 * Operations applied in order to a copy of the document: a pure function of the document, the operations
 * and the rules (no clock, no store). A refusal names the operation's path ("/operations/3/sceneId") and
 * nothing is applied. A new length, or a scene hidden or shown, may leave narration too long for its
 * scene: the scenes are then laid out by what they say (narration-refit.ts). What the result must satisfy
 * is checkDocument's question, asked after this.
 *
 * `revert {toRevision}` yields that revision's document, and the operations after it edit it. It must come
 * first (after other changes it would throw them away) and name an earlier revision: the latest itself
 * is `invalid_revision`, a number the project does not have 409 `no_revision`, as a sentence edit answers
 * them (decision 0033).
 */
const STEPS = { ...SCENE_STEPS, ...SETTING_STEPS };

export function applyOperations(
  document: CampaignDocument,
  operations: readonly RevisionOperation[],
  rules: RevisionRules,
): CampaignDocument {
  let doc = structuredClone(document);
  operations.forEach((op, i) => {
    const at = `/operations/${i}`;
    if (op.op === "revert") {
      doc = revertTo(op.toRevision, i, rules);
      return;
    }
    (STEPS[op.op] as Step<typeof op.op>)(doc, op, at, rules);
  });
  refitNarration(doc, operations);
  return doc;
}

function revertTo(toRevision: number, index: number, rules: RevisionRules): CampaignDocument {
  const path = `/operations/${index}/toRevision`;
  if (index > 0) refuse("invalid_revision", `/operations/${index}`, "a revert must be the first operation");
  const { latestRevision } = rules;
  if (toRevision === latestRevision)
    refuse("invalid_revision", path, "is the latest revision: there is nothing to go back from", {
      toRevision,
      latestRevision,
    });
  const found = toRevision < latestRevision ? rules.revisionDocument(toRevision) : null;
  if (!found) refuse("no_revision", path, "is not a revision of the project", { toRevision, latestRevision });
  return structuredClone(found);
}
