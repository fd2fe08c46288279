import { refuse } from "../context.js";
import { NUMBER_WORDS } from "../lexicon.js";
import type { Rule } from "./rule.js";

/**
 * Undo and going back: "undo" (and "undo the last 2 changes") reverts to an earlier revision counted from
 * the latest; "go back to revision 3" names one; "back to the original" is revision 1. A revision that
 * does not exist is 409 no_revision ("undo" on revision 1 too); going "back" to the latest itself is
 * invalid_revision (decision 0033).
 */
const COUNT = `\\d+|${Object.keys(NUMBER_WORDS).join("|")}`;
const UNDO =
  /^(?:undo|revert|go back|roll back|rollback|step back|take (?:that|it) back|undo (?:that|it|this)|undo (?:the |my )?(?:last|previous|latest) (?:change|edit|one|step)|revert (?:that|it|the last change|my last change)|(?:go back|revert|return|back) to (?:the )?(?:previous|last|prior|earlier) (?:one|revision|version|edit)|previous (?:revision|version) (?:was better|please)|ctrl z)$/;
const UNDO_MANY = new RegExp(`^(?:undo|revert) (?:the |my )?(?:last )?(${COUNT}) (?:changes|edits|revisions|steps)$`);
const GO_TO = new RegExp(
  `^(?:(?:go|roll|jump|switch|take it) back to|revert to|return to|restore|back to|reset to|use|bring back|go to) (?:the )?(?:revision|version|rev|v) ?(?:number )?(${COUNT})$`,
);
const ORIGINAL =
  /^(?:(?:go|roll) back to|revert to|return to|restore|back to|reset to|start over from|start again from|use) (?:the |my )?(?:original|first|first revision|first version|original version|original revision|generated one|beginning)$|^(?:start over|reset|reset everything|start again|reset it)$/;

const count = (word: string): number => (/^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? Number.NaN));

export const revertRule: Rule = (clause, ctx) => {
  const latest = ctx.input.latestRevision;
  const text = clause.text;
  let to: number;
  const many = text.match(UNDO_MANY);
  const named = text.match(GO_TO);
  if (UNDO.test(text)) to = latest - 1;
  else if (many) to = latest - count(many[1] ?? "");
  else if (named) to = count(named[1] ?? "");
  else if (ORIGINAL.test(text)) to = 1;
  else return null;
  if (to === latest) {
    refuse("invalid_revision", `Revision ${to} is the latest: there is nothing to go back from.`, {
      toRevision: to,
      latestRevision: latest,
    });
  }
  if (!(to >= 1 && to < latest)) {
    refuse(
      "no_revision",
      latest === 1
        ? "There is no earlier revision to go back to."
        : `Revision ${to} is not an earlier revision of this project.`,
      {
        toRevision: Number.isNaN(to) ? null : to,
        latestRevision: latest,
      },
    );
  }
  return [{ op: "revert", toRevision: to }];
};
