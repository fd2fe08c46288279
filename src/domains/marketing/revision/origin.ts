import type { RevisionOperation, RevisionOrigin } from "../../../pipelines/marketing/campaign/document.js";

/**
 * How a revision was made (decision 0033): a generation's document, a whole document, operations, a
 * sentence edit (with its instruction), or a revert — operations or a sentence that only go back are a
 * `revert`, with `revertedTo`; operations or a sentence that go back and then change more keep their own
 * kind and say `revertedTo` too.
 */
export type MadeBy =
  | { kind: "generation" }
  | { kind: "document" }
  | { kind: "operations"; operations: readonly RevisionOperation[] }
  | { kind: "edit"; instruction: string; operations: readonly RevisionOperation[] };

export function revisionOrigin(made: MadeBy): RevisionOrigin {
  if (made.kind === "generation" || made.kind === "document") return { kind: made.kind };
  const first = made.operations[0];
  const revertedTo = first?.op === "revert" ? first.toRevision : undefined;
  const instruction = made.kind === "edit" ? { instruction: made.instruction } : {};
  if (revertedTo !== undefined && made.operations.length === 1) return { kind: "revert", ...instruction, revertedTo };
  return { kind: made.kind, ...instruction, ...(revertedTo === undefined ? {} : { revertedTo }) };
}
