import { Type } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { dropHintFiller, splitHintSteps, tidyHint } from "../../pipelines/walkthrough/hint-steps.js";
import { defineOperation } from "../services.js";
import { checkHint } from "./create-storyboard.js";
import { HINT_MAX, HINT_MIN } from "./schemas.js";

export const ImproveHintBody = Type.Object(
  {
    hint: Type.Optional(
      Type.String({
        description: "The hint to improve; 3 to 1000 characters after trimming (hint_required, hint_too_long).",
      }),
    ),
  },
  { additionalProperties: false },
);

export const ImprovedHint = Type.Object(
  {
    hint: Type.String({ description: "The improved hint, ready for POST /storyboards (3 to 1000 characters)." }),
    original: Type.String({ description: "The hint as sent, trimmed." }),
    steps: Type.Array(Type.String(), {
      description: "The flows the improved hint names, in the order it asks for them.",
    }),
    changes: Type.Array(Type.String(), { description: "What was changed, one short sentence each." }),
  },
  { additionalProperties: false },
);

/**
 * The offline rules (planning must work without a language model): filler removed, the flows split into
 * ordered steps (new lines, bullets, "then", semicolons), duplicates dropped, and the result written
 * as one sentence the planner reads first-to-last: "Show A first, then B, then C." Null when the
 * rules change nothing or leave nothing to steer with.
 */
export function improveHint(hint: string): { hint: string; steps: string[]; changes: string[] } | null {
  const changes: string[] = [];
  const text = dropHintFiller(hint);
  if (tidyHint(text) !== tidyHint(hint.replace(/[ \t]+/g, " ").trim()))
    changes.push("Removed requests and politeness the planner does not use.");
  const { steps, repeated } = splitHintSteps(text);
  if (repeated) changes.push("Dropped repeated steps.");
  if (steps.length === 0) return null;
  if (steps.length > 1) changes.push(`Ordered the walkthrough into ${steps.length} steps.`);

  const lower = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
  const [first, ...rest] = steps as [string, ...string[]];
  const sentence =
    steps.length === 1
      ? `Show ${lower(first)}.`
      : `Show ${lower(first)} first, ${rest.map((s) => `then ${lower(s)}`).join(", ")}.`;
  const improved = sentence.length > HINT_MAX ? `${sentence.slice(0, HINT_MAX - 1).replace(/\s+\S*$/, "")}.` : sentence;
  if (improved === hint.trim() || improved.length < 3) return null;
  if (changes.length === 0) changes.push("Wrote the hint as one sentence.");
  return { hint: improved, steps, changes };
}

export const improveHintOperation = defineOperation({
  id: "storyboards.improveHint",
  summary: "Improve a storyboard hint",
  description:
    'Rewrites a hint so the planner can follow it: filler removed, the flows it names split into ordered steps, repeats dropped, and the whole written as one sentence ("Show A first, then B, then C."). Synchronous and offline (rules, no model); nothing is stored. 422 hint_improve_failed when the rules change nothing or leave nothing to steer with.',
  body: ImproveHintBody,
  responses: { 200: ImprovedHint },
  errors: ["hint_required", "hint_too_long", "hint_improve_failed"],
  async handler({ body }) {
    const original = checkHint(body.hint);
    if (original === null) throw new ApiError("hint_required", { min: HINT_MIN, max: HINT_MAX });
    const result = improveHint(original);
    if (!result) throw new ApiError("hint_improve_failed", { reason: "nothing_to_improve" });
    return ok({ hint: result.hint, original, steps: result.steps, changes: result.changes });
  },
});
