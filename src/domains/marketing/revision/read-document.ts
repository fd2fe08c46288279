import type { ErrorCode } from "../../../contract/error-codes.js";
import type { CampaignDocument, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import { CampaignDocumentSchema, RevisionOperationsSchema } from "../../../pipelines/marketing/campaign/schema.js";
import { refuse } from "./refusal.js";
import { firstProblem, type SchemaProblem } from "./schema-problem.js";

/**
 * A whole document or a list of operations as a client sent them, checked against their published schemas
 * before anything reads them: the first problem is refused with its JSON pointer, unknown fields
 * included. A text past its cap is refused, never cut: narration and cover text with their own codes
 * (`invalid_campaign_narration`, `invalid_cover_text`, as the content checks answer them), any other
 * field with `invalid_revision`. The request schema should take `document` and `operations` as any JSON
 * so that these codes, not `validation_failed`, answer a malformed revision.
 */

const NARRATION = /^\/story\/scenes\/\d+\/narration$/;

/** A document path's code: a narration or the cover text over its cap has its own. */
function documentCode(problem: SchemaProblem): ErrorCode {
  if (problem.limit === undefined) return "invalid_revision";
  if (NARRATION.test(problem.path)) return "invalid_campaign_narration";
  if (problem.path === "/story/coverText") return "invalid_cover_text";
  return "invalid_revision";
}

const refuseProblem = (code: ErrorCode, problem: SchemaProblem): never =>
  refuse(code, problem.path, problem.reason, problem.limit === undefined ? {} : { limit: problem.limit });

/** The document's shape, refused at its first problem; answers the same value, typed. */
export function readDocument(value: unknown): CampaignDocument {
  const problem = firstProblem(CampaignDocumentSchema, value);
  if (problem) refuseProblem(documentCode(problem), problem);
  return value as CampaignDocument;
}

/** The operations' shape (paths under `/operations`), refused at the first problem. */
export function readOperations(value: unknown): RevisionOperation[] {
  const problem = firstProblem(RevisionOperationsSchema, value, "/operations");
  if (problem) {
    const [, index, field] = problem.path.match(/^\/operations\/(\d+)\/(\w+)$/) ?? [];
    const op = Array.isArray(value) && index !== undefined ? (value[Number(index)] as { op?: unknown })?.op : null;
    const code: ErrorCode =
      problem.limit !== undefined && field === "text" && op === "set_narration"
        ? "invalid_campaign_narration"
        : problem.limit !== undefined && field === "text" && op === "set_cover_text"
          ? "invalid_cover_text"
          : "invalid_revision";
    refuseProblem(code, problem);
  }
  return value as RevisionOperation[];
}
