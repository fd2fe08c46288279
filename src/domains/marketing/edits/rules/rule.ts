import type { CampaignDocument, RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import type { EditInput } from "../context.js";
import { PLACEHOLDER } from "../literals.js";

/** One clause as the rules read it: normalised text (see normalise.ts) and the sentence's lifted literals. */
export interface Clause {
  text: string;
  literals: readonly string[];
}

export interface RuleContext {
  input: EditInput;
  /**
   * The document as the clauses before this one leave it, for relative requests ("shorter", "darker",
   * "calmer" twice in a sentence step twice).
   */
  doc: CampaignDocument;
  /**
   * The document scene references read: the one the user is looking at (so "scene 2" means the same
   * scene in every clause, whatever moved before), or the one a revert in this sentence went back to.
   */
  base: CampaignDocument;
}

/**
 * A rule recognises one kind of request. It answers the operations the clause means, null when the clause
 * is not its kind (the next rule is asked), or throws EditRefused when it is its kind but asks for
 * something not offered.
 */
export type Rule = (clause: Clause, ctx: RuleContext) => RevisionOperation[] | null;

/** The literal a placeholder token stands for ("§1" → "Start free"), or null when the token is not one. */
export function literalOf(token: string | undefined, clause: Clause): string | null {
  const m = token?.match(new RegExp(`^${PLACEHOLDER.source}$`));
  return m ? (clause.literals[Number(m[1])] ?? null) : null;
}

/** Matches the first pattern that fits the whole clause. */
export function firstMatch(text: string, patterns: readonly RegExp[]): RegExpMatchArray | null {
  for (const p of patterns) {
    const m = text.match(p);
    if (m) return m;
  }
  return null;
}
