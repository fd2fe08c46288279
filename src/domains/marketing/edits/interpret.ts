import { unsupportedClaim } from "../../../pipelines/marketing/campaign/claims.js";
import type { RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import { MAX_INSTRUCTION_CHARS } from "../../../pipelines/marketing/campaign/limits.js";
import { splitClauses } from "./clauses.js";
import { type EditInput, type EditOutcome, type EditRefusal, EditRefused } from "./context.js";
import { liftLiterals, PLACEHOLDER } from "./literals.js";
import { normaliseClause, vocabularyWith } from "./normalise.js";
import { brandRule, colourRule } from "./rules/colours.js";
import { complaintOf, complaintRule } from "./rules/complaints.js";
import { copyRule } from "./rules/copy.js";
import { fontRule } from "./rules/fonts.js";
import { lengthRule } from "./rules/length.js";
import { captionsRule, logoRule } from "./rules/logo-captions.js";
import { orientationRule } from "./rules/orientation.js";
import { paceRule } from "./rules/pace.js";
import { revertRule } from "./rules/revert.js";
import type { Clause, Rule, RuleContext } from "./rules/rule.js";
import { hideRule, moveRule, showRule, swapRule } from "./rules/scenes.js";
import { audioModeRule, musicRule, voiceRule } from "./rules/sound.js";
import { candidateInstructions, suggestionsFor } from "./suggestions.js";
import { track } from "./track.js";

/**
 * A sentence edit: the instruction becomes revision operations, in the order asked, or one refusal.
 * Atomic: a clause that no rule understands refuses the whole edit (edit_not_understood, with the words
 * not placed and three instructions that are understood); a clause that asks for what the template or
 * source does not offer refuses it with that condition's own code.
 */

/**
 * Bounds on the work one sentence may cost (the move and copy rules try each split of a clause): an
 * instruction is a sentence or two (MAX_INSTRUCTION_CHARS, which the revision's origin and the operation's
 * request schema share), and a clause past 40 words is not one request.
 */
const MAX_CLAUSE_WORDS = 40;

/** Asked in order; the first that recognises a clause answers it (settings before scenes: "remove the logo"). */
const RULES: readonly Rule[] = [
  revertRule,
  lengthRule,
  paceRule,
  copyRule,
  brandRule,
  colourRule,
  logoRule,
  captionsRule,
  orientationRule,
  audioModeRule,
  musicRule,
  voiceRule,
  fontRule,
  swapRule,
  moveRule,
  hideRule,
  showRule,
];

function understand(text: string, literals: readonly string[], ctx: RuleContext): RevisionOperation[] | null {
  if (text.split(" ").length > MAX_CLAUSE_WORDS) return null;
  const clause: Clause = { text, literals };
  for (const rule of RULES) {
    const ops = rule(clause, ctx);
    if (ops) return ops;
  }
  return null;
}

const STATING =
  /^(?:say|says|mention|add|claim|tell|promise|write|state|advertise|stress|emphasi[sz]e|brag|announce)\b/;
const REFERENCE_NUMBERS =
  /\b(?:scenes?|slides?|revisions?|versions?|rev|positions?|slots?|features?|steps?|quotes?|number)\s+\d+(?:\s*(?:and|,|&)\s*\d+)*/gi;

/** The verb a bare follow-on piece borrows: the words before the clause's object ("get rid of", "hide"). */
const verbOf = (text: string): string =>
  text.match(/^(.+?) (?:the|scene|scenes|§\d+)\b/)?.[1] ?? text.split(" ")[0] ?? "";

export function interpretEdit(input: EditInput): EditOutcome {
  try {
    return interpret(input);
  } catch (error) {
    if (error instanceof EditRefused) return { understood: false, refusal: error.refusal };
    throw error;
  }
}

function interpret(input: EditInput): EditOutcome {
  const { catalogue } = input;
  if (input.instruction.length > MAX_INSTRUCTION_CHARS) {
    throw new EditRefused({
      code: "edit_not_understood",
      message: `An instruction is at most ${MAX_INSTRUCTION_CHARS} characters: ask for a few changes at a time.`,
      details: {
        unparsed: input.instruction.slice(MAX_INSTRUCTION_CHARS),
        suggestions: candidateInstructions(input.document, catalogue, input.latestRevision).slice(0, 3),
      },
    });
  }
  const lifted = liftLiterals(input.instruction);
  const restore = (text: string): string =>
    text.replace(new RegExp(PLACEHOLDER.source, "g"), (_, n: string) => `'${lifted.literals[Number(n)] ?? ""}'`);
  const vocabulary = vocabularyWith([
    ...catalogue.fonts.map((f) => f.family),
    ...catalogue.voices.map((v) => v.name),
    ...catalogue.captionStyles.map((s) => s.name),
    ...catalogue.moods,
  ]);
  const normal = (raw: string): string => normaliseClause(raw, vocabulary);
  const ctx: RuleContext = { input, doc: structuredClone(input.document), base: input.document };
  const pieces = splitClauses(lifted.text);
  const operations: RevisionOperation[] = [];
  const unparsed: string[] = [];
  const complaints: string[] = [];
  let verb: string | null = null;
  const take = (ops: RevisionOperation[], text: string): void => {
    for (const op of ops) {
      if (op.op === "revert") revertTo(op.toRevision, operations.length, text);
      track(ctx.doc, op);
      operations.push(op);
    }
    verb = verbOf(text);
  };
  const revertTo = (to: number, before: number, text: string): void => {
    if (before > 0)
      notUnderstood([restore(text)], "A revert after other changes would throw them away: ask for it first.");
    const doc = input.revisionDocument(to);
    if (doc) {
      ctx.doc = structuredClone(doc);
      ctx.base = doc;
    }
  };
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = pieces[i];
    if (!piece) continue;
    const text = normal(piece.text);
    if (text === "") continue; // only filler ("thanks!")
    if (complaintOf(text) !== null) {
      complaints.push(text);
      continue;
    }
    const alone = understand(text, lifted.literals, ctx);
    if (alone) {
      take(alone, text);
      continue;
    }
    const next = pieces[i + 1];
    if (next) {
      const joined = normal(`${piece.text}${next.joiner}${next.text}`);
      const both = understand(joined, lifted.literals, ctx);
      if (both) {
        take(both, joined);
        i += 1;
        continue;
      }
    }
    if (verb !== null && !text.startsWith(`${verb} `)) {
      const borrowed = understand(`${verb} ${text}`, lifted.literals, ctx);
      if (borrowed) {
        take(borrowed, `${verb} ${text}`);
        continue;
      }
    }
    unparsed.push(restore(piece.text));
  }
  // A complaint ("it's too long") asks for its change only when no clause asked for that kind already.
  for (const text of complaints) {
    if (operations.some((done) => done.op === complaintOf(text))) continue;
    take(complaintRule({ text, literals: lifted.literals }, ctx) ?? [], text);
  }
  if (unparsed.length === 0 && operations.length === 0) unparsed.push(input.instruction.trim());
  if (unparsed.length > 0) {
    for (const words of unparsed) {
      // Only a request to state something is read for claims ("say we're the best", "add a 50% off
      // banner"); "make it 4k" or "make scene 2 longer" are simply not understood.
      if (!STATING.test(normal(words))) continue;
      // "scene 2", "revision 3" are references, not figures the video states.
      const claim = unsupportedClaim(words.replace(REFERENCE_NUMBERS, " "), input.claims);
      if (claim) {
        throw new EditRefused({
          code: "campaign_unsupported_claim",
          message: `“${claim.text}” is not stated by the source.`,
          details: { claim: claim.text, kind: claim.kind, unparsed: unparsed.join(", ") },
        });
      }
    }
    notUnderstood(unparsed, null);
  }
  return { understood: true, operations };

  function notUnderstood(words: string[], reason: string | null): never {
    const refusal: EditRefusal = {
      code: "edit_not_understood",
      message: reason ?? `Not understood: “${words.join(", ")}”. Nothing was changed.`,
      details: {
        unparsed: words.join(", "),
        suggestions: suggestionsFor(
          words.join(" "),
          candidateInstructions(input.document, catalogue, input.latestRevision),
        ),
      },
    };
    throw new EditRefused(refusal);
  }
}
