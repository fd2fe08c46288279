import type { CampaignScene, RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import { ORDINALS } from "../lexicon.js";
import { resolveScenes } from "../scenes.js";
import { type Clause, firstMatch, type Rule, type RuleContext } from "./rule.js";

/** Hiding, showing, moving and swapping scenes. A phrase that names no scene leaves the clause to other rules. */

const HIDE_VERB =
  "hide|remove|delete|drop|cut|skip|lose|ditch|kill|get rid of|take out|take away|nix|leave out|exclude|omit|trash|axe|scrap|don't show|do not show|don't need|do not need|don't want|do not want|no|without";
const SHOW_VERB = "show|unhide|restore|bring back|put back|add back|re add|readd|include|reinstate|undelete|add";
const TAIL = "(?: (?:entirely|completely|altogether|from it|from the video|again|as well|in it|in the video))*";

const HIDE = [
  new RegExp(`^(?:(?:i|we) )?(?:${HIDE_VERB}) (.+?)${TAIL}$`),
  /^(.+?) (?:should go|can go|has to go|must go|goes|is not needed|isn't needed|is unnecessary|out|off)$/,
  /^make (.+?) (?:hidden|invisible)$/,
];
const SHOW = [
  new RegExp(`^(?:${SHOW_VERB}) (.+?)${TAIL}$`),
  /^(?:bring|put|add) (.+?) back(?: in)?$/,
  /^make (.+?) (?:visible|shown)$/,
  /^(.+?) (?:back|back in)$/,
];

/** Scenes a phrase names, plural ("the features", "scenes 2 and 3") or single; none when not a scene. */
export function scenesIn(phrase: string, ctx: RuleContext, clause: Clause): CampaignScene[] {
  const direct = resolveScenes(phrase, ctx.base, clause.literals);
  if (direct.length > 0) return direct;
  const numbers = phrase.match(/^(?:the )?scenes (\d+)((?: \d+)*)(?: and | )(\d+)$/);
  if (numbers) {
    const ns = [numbers[1], ...(numbers[2] ?? "").trim().split(" "), numbers[3]].filter((n) => n && n !== "");
    const found = ns.flatMap((n) => resolveScenes(`scene ${n}`, ctx.base, clause.literals));
    return found.length === ns.length ? found : [];
  }
  const parts = phrase.split(/ and | & /);
  if (parts.length < 2) return [];
  const found = parts.map((p) => resolveScenes(p.trim(), ctx.base, clause.literals));
  return found.every((f) => f.length > 0) ? found.flat() : [];
}

function sceneOps(patterns: RegExp[], op: "hide_scene" | "show_scene"): Rule {
  return (clause, ctx) => {
    for (const p of patterns) {
      const m = clause.text.match(p);
      if (!m) continue;
      const scenes = scenesIn((m[1] ?? "").trim(), ctx, clause);
      if (scenes.length > 0) return scenes.map((s) => ({ op, sceneId: s.id }));
    }
    return null;
  };
}

export const hideRule = sceneOps(HIDE, "hide_scene");
export const showRule = sceneOps(SHOW, "show_scene");

const SWAP = [
  /^(?:swap|switch|flip|exchange)(?: the order of)? (?:the )?scenes (\d+) and (\d+)$/,
  /^(?:swap|switch|flip|exchange|trade|swop|reverse|invert)(?: the order of| the positions of| around| round)? (.+?) (?:and|with|for|&) (.+?)(?: around| round| over| places| positions| order)?$/,
];
/** "swap the first and second features": one phrase naming both. */
const SWAP_BOTH =
  /^(?:swap|switch|flip|exchange|reverse|invert)(?: the order of| the positions of)? (?:the )?(\S+) and (?:the )?(\S+) (features|steps|quotes|feature scenes|step scenes|quote scenes|scenes)(?: around| round)?$/;

export const swapRule: Rule = (clause, ctx) => {
  const both = clause.text.match(SWAP_BOTH);
  if (both) {
    const kind = (both[3] ?? "").replace(/ scenes$/, "").replace(/s$/, "");
    const a = scenesIn(`${both[1]} ${kind}`, ctx, clause);
    const b = scenesIn(`${both[2]} ${kind}`, ctx, clause);
    if (a.length === 1 && b.length === 1 && a[0] !== b[0]) {
      return [{ op: "swap_scenes", sceneId: (a[0] as CampaignScene).id, withSceneId: (b[0] as CampaignScene).id }];
    }
  }
  const m = firstMatch(clause.text, SWAP);
  if (!m) return null;
  const one = m[1] ?? "";
  const other = m[2] ?? "";
  const numbered = /^\d+$/.test(one) && /^\d+$/.test(other);
  const a = scenesIn(numbered ? `scene ${one}` : one, ctx, clause);
  const b = scenesIn(numbered ? `scene ${other}` : other, ctx, clause);
  if (a.length !== 1 || b.length !== 1 || a[0] === b[0]) return null;
  return [{ op: "swap_scenes", sceneId: (a[0] as CampaignScene).id, withSceneId: (b[0] as CampaignScene).id }];
};

const ORD = Object.keys(ORDINALS).join("|");
const MOVE = /^(?:move|put|place|shift|take|drag|push|reorder|relocate) (.+?) (?:to |at |so it is |so it's |as )?(.+)$/;
const MAKE_POSITION = new RegExp(`^make (.+?) (?:the )?(${ORD}|last|final|opening|closing)(?: scene| one)?$`);
const LEAD = /^(?:start|open|lead|begin|kick off|end|finish|close|wrap up) (?:it |the video )?(?:with|on) (.+)$/;

/** Where a scene goes, as the index it takes once moved (the list without it, then it inserted). */
function targetIndex(where: string, moving: CampaignScene, ctx: RuleContext, clause: Clause): number | null {
  const scenes = ctx.base.story.scenes;
  const others = scenes.filter((s) => s !== moving);
  const from = scenes.indexOf(moving);
  const w = where.replace(/^the /, "").replace(/ (?:of it|of the video|place|spot|slot)$/, "");
  if (/^(?:end|bottom|last|last place|last position|final position|very end|finish)$/.test(w)) return others.length;
  if (/^(?:start|beginning|front|top|first|first place|first position|very start|very beginning)$/.test(w)) return 0;
  if (/^(?:up|earlier|forward|one up|up one|ahead)$/.test(w)) return Math.max(0, from - 1);
  if (/^(?:down|later|back one|one down|down one|backward|backwards)$/.test(w))
    return Math.min(others.length, from + 1);
  const position = w.match(
    new RegExp(`^(?:position|slot|place|spot|number|scene)? ?(\\d+|${ORD})(?: position| place| slot| spot)?$`),
  );
  if (position) {
    const n = /^\d+$/.test(position[1] ?? "") ? Number(position[1]) : (ORDINALS[position[1] ?? ""] ?? 0);
    return n >= 1 && n <= scenes.length ? n - 1 : null;
  }
  const relative = w.match(
    /^(?:right |just |directly |immediately )?(after|before|behind|in front of|ahead of|following|preceding) (.+)$/,
  );
  if (relative) {
    const anchor = scenesIn(relative[2] ?? "", ctx, clause);
    if (anchor.length !== 1 || anchor[0] === moving) return null;
    const at = others.indexOf(anchor[0] as CampaignScene);
    return /^(?:after|behind|following)$/.test(relative[1] ?? "") ? at + 1 : at;
  }
  return null;
}

export const moveRule: Rule = (clause, ctx) => {
  const text = clause.text;
  let moving: CampaignScene[] = [];
  let toIndex: number | null = null;
  const lead = text.match(LEAD);
  const make = text.match(MAKE_POSITION);
  const move = text.match(MOVE);
  if (lead) {
    moving = scenesIn(lead[1] ?? "", ctx, clause);
    const first = /^(?:start|open|lead|begin|kick off)$/.test(text.split(" ")[0] ?? "");
    if (moving.length === 1) toIndex = first ? 0 : ctx.base.story.scenes.length - 1;
  } else if (make) {
    moving = scenesIn(make[1] ?? "", ctx, clause);
    const where = make[2] === "opening" ? "first" : make[2] === "closing" ? "last" : (make[2] ?? "");
    if (moving.length === 1) toIndex = targetIndex(where, moving[0] as CampaignScene, ctx, clause);
  } else if (move) {
    // The split between the scene and where it goes is not known from the words: try each.
    const words = text.replace(/^\S+ /, "").split(" ");
    for (let i = 1; i < words.length && toIndex === null; i += 1) {
      const phrase = words.slice(0, i).join(" ");
      const where = words
        .slice(i)
        .join(" ")
        .replace(/^(?:to|at|so it is|so it's|as) /, "");
      const found = scenesIn(phrase, ctx, clause);
      if (found.length === 1) {
        moving = found;
        toIndex = targetIndex(where, found[0] as CampaignScene, ctx, clause);
      }
    }
  }
  if (moving.length !== 1 || toIndex === null) return null;
  const scene = moving[0] as CampaignScene;
  const ops: RevisionOperation[] = [{ op: "move_scene", sceneId: scene.id, toIndex }];
  return ops;
};
