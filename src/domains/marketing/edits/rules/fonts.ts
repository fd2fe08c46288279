import type { FontRole, RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import type { EditCatalogue } from "../context.js";
import { editDistance } from "../typo.js";
import { type Clause, literalOf, type Rule } from "./rule.js";

/**
 * Fonts: a catalogue family by name ("use Inter for headings", "body font 'Source Serif 4'") or by kind
 * ("a serif font", "monospace body"); without a role both heading and body change.
 */

const HEADING = "(?:headline|headlines|headings|titles|heading font|headline font)";
const BODY = "(?:body|body font|text|copy|paragraphs|everything else|the rest)";
const KIND = "(serif|sans serif|sans|monospace|mono|handwriting|handwritten|script|display)";

type Found = { fontId: string; role: FontRole | "both" };

function familyOf(name: string, fonts: EditCatalogue["fonts"]): string | null {
  const wanted = name.toLowerCase().replace(/\s+/g, " ").trim();
  const exact = fonts.filter((f) => f.family.toLowerCase() === wanted || f.id.toLowerCase() === wanted);
  if (exact.length === 1) return (exact[0] as { id: string }).id;
  if (wanted.length < 4) return null;
  const close = fonts.filter((f) => editDistance(f.family.toLowerCase(), wanted) <= (wanted.length < 8 ? 1 : 2));
  return close.length === 1 ? (close[0] as { id: string }).id : null;
}

function kindOf(kind: string, fonts: EditCatalogue["fonts"]): string | null {
  const category =
    kind === "serif"
      ? "serif"
      : /^(?:sans serif|sans)$/.test(kind)
        ? "sans-serif"
        : /^mono/.test(kind)
          ? "monospace"
          : /^(?:handwriting|handwritten|script)$/.test(kind)
            ? "handwriting"
            : "display";
  return fonts.find((f) => f.category === category)?.id ?? null;
}

const roleOf = (word: string | undefined): FontRole | "both" =>
  word === undefined ? "both" : new RegExp(`^(?:the )?${HEADING}$`).test(word) ? "heading" : "body";

function parse(clause: Clause, fonts: EditCatalogue["fonts"]): Found | null {
  const t = clause.text;
  const name = (token: string | undefined): string | null =>
    token === undefined ? null : familyOf(literalOf(token, clause) ?? token, fonts);
  const forms: readonly [RegExp, (m: RegExpMatchArray) => Found | null][] = [
    // use a serif font for the headings; serif headings
    [
      new RegExp(
        `^(?:(?:use|make|switch to|go with|change to|set|try|want) )?(?:a |an |the )?${KIND}(?: fonts?| type)?(?: (?:for|on|in) (?:the |all )?(${HEADING}|${BODY}))?$`,
      ),
      (m) => idAs(kindOf(m[1] ?? "", fonts), m[2]),
    ],
    [
      new RegExp(`^(?:(?:use|make|want) )?(?:a |an )?${KIND} (${HEADING}|${BODY})$`),
      (m) => idAs(kindOf(m[1] ?? "", fonts), m[2]),
    ],
    // change the heading font to Lora; body font 'Inter'
    [
      new RegExp(
        `^(?:(?:change|set|switch|make|update) )?(?:the )?(?:(${HEADING}|${BODY}) )?font(?: (?:for|of) (?:the )?(${HEADING}|${BODY}))? (?:to |as |= )?(.+?)(?: font)?$`,
      ),
      (m) => idAs(name(m[3]), m[1] ?? m[2]),
    ],
    // use Lora (font) for (the) headings
    [
      new RegExp(
        `^(?:use|try|switch to|go with|apply|set|change to|want) (.+?)(?: fonts?)?(?: (?:for|on|in) (?:the |all )?(${HEADING}|${BODY})| everywhere| for everything| throughout| for all text)?$`,
      ),
      (m) => idAs(name(m[1]), m[2]),
    ],
    // headings in Lora; make the body font serif
    [
      new RegExp(`^(?:the )?(${HEADING}|${BODY})(?: font)? (?:in|as|=|to|should be|with) (.+)$`),
      (m) => idAs(name(m[2]), m[1]),
    ],
    [
      new RegExp(
        `^(?:make|set|change|switch|turn) (?:the )?(${HEADING}|${BODY})(?: font)? (?:to |into )?(?:a |an )?${KIND}(?: font| type)?$`,
      ),
      (m) => idAs(kindOf(m[2] ?? "", fonts), m[1]),
    ],
    // Lora for the headings
    [new RegExp(`^(.+?)(?: fonts?)? (?:for|on) (?:the |all )?(${HEADING}|${BODY})$`), (m) => idAs(name(m[1]), m[2])],
  ];
  for (const [pattern, read] of forms) {
    const m = t.match(pattern);
    const found = m ? read(m) : null;
    if (found) return found;
  }
  return null;
}

const idAs = (fontId: string | null, role: string | undefined): Found | null =>
  fontId === null ? null : { fontId, role: roleOf(role) };

export const fontRule: Rule = (clause, ctx) => {
  const found = parse(clause, ctx.input.catalogue.fonts);
  if (!found) return null;
  const roles: FontRole[] = found.role === "both" ? ["heading", "body"] : [found.role];
  return roles.map((role): RevisionOperation => ({ op: "set_font", role, fontId: found.fontId }));
};
