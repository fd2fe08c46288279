import type { RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import { refuse } from "../context.js";
import { NUMBER_WORDS } from "../lexicon.js";
import type { Clause, Rule, RuleContext } from "./rule.js";

/**
 * Length: an exact length ("make it 15 seconds", "half a minute", "a 45s cut") or a step through the
 * template's durations ("shorter", "longer", "as short as possible"). A length the template does not
 * offer is refused with unsupported_duration, listing those it does.
 */

const NUMBER = `\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join("|")}`;
/** The duration phrase; group 1 a count, group 2 its unit (seconds when left out). */
const DURATION = new RegExp(
  `(?:(half a minutes|a minutes and a half|one and a half minutes|a minutes|one minutes)|(${NUMBER}) ?(seconds|minutes|second)?)`,
);
const VERB =
  "(?:(?:can it be|could it be|it should be|should be|let it be|how about|what about|go with|go for|try|make that|make|set|change|cut|trim|shorten|lengthen|extend|bring|get|turn|keep|do|edit|render|export|give me|have|i want|reduce|increase|limit|cap)(?: it| the length| length| the duration| duration| the runtime| runtime| it down| it back| down| back| up)?(?: to| into| at| as| in| for| under)? )";
const FRAMES = [
  new RegExp(
    `^${VERB}?(?:(?:a|an|just|only|exactly|about|max|at most) )?<D>(?: (?:long|video|version|cut|ad|clip|spot|one|max|total|length|format|instead|tops|or less))*$`,
  ),
  /^(?:the )?(?:length|duration|runtime|total length)(?: should be| of| to| at| is| =)? (?:(?:a|an|just|only|exactly) )?<D>$/,
  /^<D>(?: (?:long|video|version|cut|length|is enough|would be better|is better|please))*$/,
];

const STEPS: readonly [RegExp, "shorter" | "longer" | "shortest" | "longest"][] = [
  [
    /^(?:(?:make|go|cut|trim|keep|do|edit|have)(?: it)?(?: down)? |(?:a |an )?)?(?:shorter|less long|briefer|more concise|more compact|tighter)(?: (?:video|version|cut|one|overall|length|please))?$/,
    "shorter",
  ],
  [/^(?:shorten|trim|cut down|trim down|condense|tighten)(?: it)?(?: down| up)?$/, "shorter"],
  [/^(?:cut|trim) it down$/, "shorter"],
  [
    /^(?:(?:make|go|do|have)(?: it)? |(?:a |an )?)?(?:longer|less short)(?: (?:video|version|cut|one|overall|please))?$/,
    "longer",
  ],
  [/^(?:lengthen|extend)(?: it)?$/, "longer"],
  [
    /^(?:(?:make|go|keep|cut|do)(?: it)? )?(?:shortest(?: possible| version| length| cut)?|as short as possible|the minimum length|minimum length)$/,
    "shortest",
  ],
  [
    /^(?:(?:make|go|do)(?: it)? )?(?:longest(?: possible| version| length| cut)?|as long as possible|the maximum length|maximum length)$/,
    "longest",
  ],
];

function secondsOf(m: RegExpMatchArray): number | null {
  if (m[1] !== undefined) return /half a minutes$|^half/.test(m[1]) ? 30 : m[1].includes("half") ? 90 : 60;
  const word = m[2] ?? "";
  const n = /^\d/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null);
  if (n === null) return null;
  return m[3] === "minutes" ? n * 60 : n;
}

function exactLength(clause: Clause, ctx: RuleContext): RevisionOperation[] | null {
  const m = clause.text.match(DURATION);
  if (!m || m.index === undefined) return null;
  const rest = `${clause.text.slice(0, m.index)}<D>${clause.text.slice(m.index + m[0].length)}`;
  if (!FRAMES.some((f) => f.test(rest))) return null;
  // A bare count ("make it 15") is a length only when a verb frames it: "15" alone or "scene 2" is not.
  if (m[1] === undefined && m[3] === undefined && rest === "<D>") return null;
  const seconds = secondsOf(m);
  if (seconds === null) return null;
  const { durations } = ctx.input.catalogue;
  if (!durations.includes(seconds)) {
    refuse("unsupported_duration", `The template is not offered in ${seconds} s.`, { seconds, durations });
  }
  return [{ op: "set_length", seconds }];
}

function steppedLength(clause: Clause, ctx: RuleContext): RevisionOperation[] | null {
  const step = STEPS.find(([p]) => p.test(clause.text))?.[1];
  if (step === undefined) return null;
  const { durations } = ctx.input.catalogue;
  const current = ctx.doc.export.seconds;
  const target =
    step === "shortest"
      ? durations[0]
      : step === "longest"
        ? durations[durations.length - 1]
        : step === "shorter"
          ? [...durations].reverse().find((d) => d < current)
          : durations.find((d) => d > current);
  if (target === undefined) {
    refuse("unsupported_duration", `The template has no ${step} length than ${current} s.`, {
      seconds: current,
      durations,
    });
  }
  return [{ op: "set_length", seconds: target as number }];
}

export const lengthRule: Rule = (clause, ctx) => exactLength(clause, ctx) ?? steppedLength(clause, ctx);
