import { lengthRule } from "./length.js";
import { paceRule } from "./pace.js";
import type { Rule } from "./rule.js";

/**
 * What people say is wrong rather than what to do ("it's too long", "the narration is slow"): the change
 * it asks for, unless another clause of the sentence asks for that change already ("it's too long, make
 * it shorter" is one step, not two) — interpret.ts applies that.
 */
const COMPLAINTS: readonly [RegExp, string, Rule, "set_length" | "set_speed"][] = [
  [
    /^(?:it's|it is|its|it feels|it runs|the video is) (?:a bit |far )?(?:long|lengthy|drawn out)$/,
    "shorter",
    lengthRule,
    "set_length",
  ],
  [/^(?:it's|it is|its|it feels|the video is) (?:a bit |far )?short$/, "longer", lengthRule, "set_length"],
  [
    /^(?:the )?(?:narration|voice|pace|pacing|delivery|it) (?:is|feels|seems|sounds) (?:a bit )?slow$/,
    "faster",
    paceRule,
    "set_speed",
  ],
  [
    /^(?:the )?(?:narration|voice|pace|pacing|delivery|it) (?:is|feels|seems|sounds) (?:a bit )?(?:fast|rushed|hurried)$/,
    "slower",
    paceRule,
    "set_speed",
  ],
];

/** The kind of operation a complaint asks for, or null when the clause is not one. */
export const complaintOf = (text: string): "set_length" | "set_speed" | null =>
  COMPLAINTS.find(([pattern]) => pattern.test(text))?.[3] ?? null;

export const complaintRule: Rule = (clause, ctx) => {
  const hit = COMPLAINTS.find(([pattern]) => pattern.test(clause.text));
  return hit ? hit[2]({ ...clause, text: hit[1] }, ctx) : null;
};
