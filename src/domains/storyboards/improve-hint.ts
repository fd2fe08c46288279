import { Type } from "@sinclair/typebox";
import { ApiError } from "../../http/api-error.js";
import { defineOperation, ok } from "../../operations/define.js";
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

/** Requests and politeness that steer nothing: the planner matches the flows a hint names. */
const FILLER = [
  /\b(please|pls|kindly|thanks?( you)?)\b/gi,
  /\b(can|could|would) you\b/gi,
  /\bi (would like|want|need)( you)? to\b/gi,
  /\b(make|create|record|generate|do) (me )?(a|an|the) (short |quick |nice )?(video|walkthrough|demo|tour)( of| for| about| showing)?\b/gi,
  /\b(a|an|the) (short |quick )?(video|walkthrough|demo|tour) (of|for|about|showing)\b/gi,
];
/** Where one step ends and the next begins. */
const STEP_BREAK = /\s*(?:\r?\n|;|,?\s+and then\s+|,?\s+then\s+|,?\s+after that\s+|,?\s+followed by\s+)\s*/i;
/** List markers and leading verbs that every step would repeat ("1.", "-", "then show"). */
const STEP_LEAD =
  /^(?:\d+[.)]\s*|[-*•]\s*|(?:then|and|also|next|finally|show|display|demonstrate|present|open|go to|visit)\s+)+/i;

const tidy = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/^[\s,.;:–—-]+|[\s,;:–—-]+$/g, "")
    .trim();

/**
 * The offline rules (planning must work without a language model): filler removed, the flows split into
 * ordered steps (new lines, bullets, "then", semicolons), duplicates dropped, and the result written
 * as one sentence the planner reads first-to-last: "Show A first, then B, then C." Null when the
 * rules change nothing or leave nothing to steer with.
 */
export function improveHint(hint: string): { hint: string; steps: string[]; changes: string[] } | null {
  const changes: string[] = [];
  let text = hint.replace(/[ \t]+/g, " ").trim();
  const before = text;
  for (const pattern of FILLER) text = text.replace(pattern, " ");
  if (tidy(text) !== tidy(before)) changes.push("Removed requests and politeness the planner does not use.");

  const raw = text
    .split(STEP_BREAK)
    .map((s) => tidy(tidy(s).replace(STEP_LEAD, "")).replace(/[.!?]+$/, ""))
    .filter((s) => s.length > 0);
  const seen = new Set<string>();
  const steps: string[] = [];
  for (const step of raw) {
    const key = step
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!key) continue;
    if (seen.has(key)) {
      if (!changes.includes("Dropped repeated steps.")) changes.push("Dropped repeated steps.");
      continue;
    }
    seen.add(key);
    steps.push(step);
  }
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
