import type { CampaignScene, CopyField, RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import { checkClaims } from "../claims.js";
import { resolveScenes } from "../scenes.js";
import { type Clause, literalOf, type Rule, type RuleContext } from "./rule.js";

/**
 * Replacing words: a scene's headline, body, call to action or quote, its narration, or the cover text,
 * always with the new words in quotes ("change the call to action to 'Start free'"). Unquoted new words
 * are not taken: where they end cannot be known. New words may state only the source's claims.
 */

type Target =
  | { kind: "copy"; scene: CampaignScene; field: CopyField }
  | { kind: "narration"; scene: CampaignScene }
  | { kind: "cover" };

const L = "(§\\d+)";
const SET = "(?:change|set|make|update|replace|rename|switch|edit|turn|rewrite|reword|swap|modify|alter|fix)";
const TO = "(?:to|as|with|into|to say|to read|so it says|so it reads|so that it says|for|to be|to just say|to just|by)";
const FORMS: readonly [RegExp, number, number][] = [
  // change the call to action to 'Start free'
  [new RegExp(`^${SET} (.+?) ${TO} ${L}$`), 1, 2],
  // the call to action should say 'Start free'; cta: 'Start free'
  [
    new RegExp(
      `^(?:${SET} )?(.+?) (?:to|should say|should read|should be|to say|to read|says|reads|becomes|must say|=|is|will be)? ?${L}$`,
    ),
    1,
    2,
  ],
  // make the call to action say 'Start free'
  [new RegExp(`^(?:make|have|let) (.+?) (?:say|read|be) ${L}$`), 1, 2],
  // use 'Start free' as the call to action
  [new RegExp(`^(?:use|put|write|try|go with|pick|have) ${L} (?:as|for|in|on|in place of) (.+)$`), 2, 1],
];
const SAY = new RegExp(`^(?:say|narrate|read|read out|voice) ${L} (?:in|on|for|during|over|at) (.+)$`);
const REPLACE = new RegExp(`^(?:replace|swap|change|switch) ${L} (?:with|to|for|by|into) ${L}$`);

const FIELD_WORDS: readonly [RegExp, CopyField | "narration"][] = [
  [/^call to action(?: (?:text|button|button text|label|copy|wording|line))?$/, "cta"],
  [/^button(?: (?:text|label|copy))?$/, "cta"],
  [/^headline(?: text)?$/, "headline"],
  [/^(?:body|text|copy|words|wording)$/, "body"],
  [/^quote(?: text)?$/, "quote"],
  [/^narration$/, "narration"],
];

/** "the X of/on/in/for <scene>" or "<scene> X" or "<scene>'s X" or "X" alone. */
function targetOf(phrase: string, ctx: RuleContext, clause: Clause): Target | null {
  const p = phrase.replace(/^(?:the|a|an|our|my) /, "");
  if (/^cover(?: text| headline)?$/.test(p)) return { kind: "cover" };
  for (const [pattern, field] of FIELD_WORDS) {
    const alone = pattern.test(p);
    const split = splitScene(p, pattern, ctx, clause);
    const scene = split ?? (alone ? defaultScene(field, ctx) : null);
    if (scene === null) continue;
    return field === "narration" ? { kind: "narration", scene } : { kind: "copy", scene, field };
  }
  return null;
}

function splitScene(p: string, field: RegExp, ctx: RuleContext, clause: Clause): CampaignScene | null {
  const words = p.split(" ");
  for (let i = 1; i < words.length; i += 1) {
    const head = words.slice(0, i).join(" ");
    const tail = words.slice(i).join(" ");
    const after = tail.match(/^(?:of|on|in|for|from) (.+)$/);
    if (field.test(head) && after) {
      const scenes = resolveScenes(after[1] ?? "", ctx.base, clause.literals);
      if (scenes.length === 1) return scenes[0] as CampaignScene;
    }
    const owner = head.replace(/'s$/, "");
    if (field.test(tail)) {
      const scenes = resolveScenes(owner, ctx.base, clause.literals);
      if (scenes.length === 1) return scenes[0] as CampaignScene;
    }
  }
  return null;
}

/**
 * The scene a field names when no scene is said: the call to action is the call-to-action scene's, the
 * quote the only quote scene's, the headline the first scene's (the video's headline); body and narration
 * without a scene are ambiguous.
 */
function defaultScene(field: CopyField | "narration", ctx: RuleContext): CampaignScene | null {
  const scenes = ctx.base.story.scenes;
  if (field === "cta") {
    const withCta = scenes.filter((s) => s.cta !== null);
    return withCta.length === 1 ? (withCta[0] as CampaignScene) : null;
  }
  if (field === "quote") {
    const quotes = scenes.filter((s) => s.quote !== null);
    return quotes.length === 1 ? (quotes[0] as CampaignScene) : null;
  }
  if (field === "headline") return scenes[0] ?? null;
  return null;
}

function opFor(target: Target, text: string): RevisionOperation {
  if (target.kind === "cover") return { op: "set_cover_text", text };
  if (target.kind === "narration") return { op: "set_narration", sceneId: target.scene.id, text };
  return { op: "set_copy", sceneId: target.scene.id, field: target.field, text };
}

/** "replace 'Try it' with 'Start free'": the one field whose words are the first literal. */
function replaceWords(clause: Clause, ctx: RuleContext): RevisionOperation[] | null {
  const m = clause.text.match(REPLACE);
  const old = literalOf(m?.[1], clause)?.toLowerCase();
  const text = literalOf(m?.[2], clause);
  if (old === undefined || text === null) return null;
  const hits: Target[] = [];
  const doc = ctx.base;
  if (doc.story.coverText.toLowerCase() === old) hits.push({ kind: "cover" });
  for (const scene of doc.story.scenes) {
    if (scene.headline?.toLowerCase() === old) hits.push({ kind: "copy", scene, field: "headline" });
    if (scene.body?.toLowerCase() === old) hits.push({ kind: "copy", scene, field: "body" });
    if (scene.cta?.text.toLowerCase() === old) hits.push({ kind: "copy", scene, field: "cta" });
    if (scene.quote?.text.toLowerCase() === old) hits.push({ kind: "copy", scene, field: "quote" });
  }
  if (hits.length !== 1) return null;
  checkClaims(text, ctx.input.claims);
  return [opFor(hits[0] as Target, text)];
}

export const copyRule: Rule = (clause, ctx) => {
  if (!clause.text.includes("§")) return null;
  const replaced = replaceWords(clause, ctx);
  if (replaced) return replaced;
  const say = clause.text.match(SAY);
  if (say) {
    const scenes = resolveScenes(say[2] ?? "", ctx.base, clause.literals);
    const text = literalOf(say[1], clause);
    if (scenes.length !== 1 || text === null) return null;
    checkClaims(text, ctx.input.claims);
    return [{ op: "set_narration", sceneId: (scenes[0] as CampaignScene).id, text }];
  }
  for (const [pattern, targetGroup, textGroup] of FORMS) {
    const m = clause.text.match(pattern);
    if (!m) continue;
    const text = literalOf(m[textGroup], clause);
    const target = targetOf((m[targetGroup] ?? "").trim(), ctx, clause);
    if (text === null || target === null) continue;
    checkClaims(text, ctx.input.claims);
    return [opFor(target, text)];
  }
  return null;
};
