import { LOGO_SCALE } from "../../../../pipelines/marketing/campaign/limits.js";
import { refuse } from "../context.js";
import { editDistance } from "../typo.js";
import { firstMatch, type Rule } from "./rule.js";

/**
 * The logo (hidden, shown, scaled by a quarter or to a percentage, between 0.5 and 2) and captions (on,
 * off, a catalogue style by name).
 */

const { min: LOGO_MIN, max: LOGO_MAX } = LOGO_SCALE;
const LOGO_STEP = 0.25;

const HIDE_LOGO = [
  /^(?:hide|remove|drop|delete|lose|ditch|kill|get rid of|take out|turn off|disable) (?:the |our |my )?logo$/,
  /^(?:no|without) (?:the )?logo$/,
  /^(?:the )?logo (?:off|out|should go|can go|has to go)$/,
  /^(?:turn|switch|take) (?:the |our |my )?logo (?:off|out)$/,
];
const SHOW_LOGO = [
  /^(?:show|unhide|restore|bring back|put back|add back|add|include|turn on|enable|display) (?:the |our |my )?logo(?: back| again)?$/,
  /^(?:bring|put|add) (?:the |our |my )?logo back$/,
  /^(?:with (?:the |our )?logo|logo on|logo back)$/,
];
const SCALE = [
  /^(?:make )?(?:the |our |my )?logo (bigger|larger|smaller|tinier|more prominent|less prominent)$/,
  /^(?:a |an )?(bigger|larger|smaller|more prominent|less prominent) logo$/,
  /^(enlarge|grow|shrink|reduce|increase|scale up|scale down) (?:the |our |my )?logo(?: size)?$/,
  /^(?:make )?(?:the |our |my )?logo (?:size )?(?:to |at )?(\d+)%$/,
  /^(?:scale|set|resize|size) (?:the |our |my )?logo (?:size )?(?:to |at )?(\d+)%$/,
  /^(?:double|halve) (?:the )?(?:size of the |our |my |the )?logo(?: size)?$/,
];

export const logoRule: Rule = (clause, ctx) => {
  const text = clause.text;
  if (HIDE_LOGO.some((p) => p.test(text))) return [{ op: "set_logo", hidden: true }];
  if (SHOW_LOGO.some((p) => p.test(text))) return [{ op: "set_logo", hidden: false }];
  const m = firstMatch(text, SCALE);
  if (!m) return null;
  const current = ctx.doc.style.logo.scale;
  const word = m[1] ?? text.split(" ")[0] ?? "";
  let scale: number;
  if (/^\d+$/.test(word)) scale = Number(word) / 100;
  else if (word === "double") scale = current * 2;
  else if (word === "halve") scale = current / 2;
  else if (/^(?:bigger|larger|more prominent|enlarge|grow|increase|scale up)$/.test(word)) scale = current + LOGO_STEP;
  else scale = current - LOGO_STEP;
  scale = Math.round(scale * 100) / 100;
  if (scale < LOGO_MIN || scale > LOGO_MAX) {
    refuse("revision_configuration_mismatch", `The logo can be scaled from ${LOGO_MIN} to ${LOGO_MAX}.`, {
      field: "style.logo.scale",
      scale,
      min: LOGO_MIN,
      max: LOGO_MAX,
    });
  }
  return [{ op: "set_logo", scale }];
};

const OFF = [
  /^(?:turn off|disable|remove|hide|drop|kill|lose|get rid of|no|without|switch off|take out|take off|delete) (?:the )?captions$/,
  /^captions (?:off|out|should go|can go)$/,
  /^(?:turn|switch|take) (?:the )?captions off$/,
];
const ON = [
  /^(?:turn on|enable|add|show|include|switch on|put|bring back|burn in|put back|with|want) (?:the |some )?captions(?: back| on| in| again)?$/,
  /^captions (?:on|back|please)$/,
  /^(?:turn|switch|put) (?:the )?captions(?: back)? on$/,
  /^(?:caption|captions) it$/,
];
const STYLE = [
  /^(?:(?:use|make|set|change|switch|want|try|go with) )?(?:the )?(?:captions )?(?:(?:to|in|with) )?(?:the |a |an )?(.+?) (?:captions|captions style|style captions|style)$/,
  /^(?:(?:make|set|change|switch|turn) )?(?:the )?captions(?: style)? (?:to |in |as |with |into )?(?:the |a |an )?(.+?)(?: style)?$/,
];

export const captionsRule: Rule = (clause, ctx) => {
  const text = clause.text;
  if (!/captions/.test(text)) return null;
  if (OFF.some((p) => p.test(text))) return [{ op: "set_captions", enabled: false }];
  if (ON.some((p) => p.test(text))) return [{ op: "set_captions", enabled: true }];
  const m = firstMatch(text, STYLE);
  const wanted = (m?.[1] ?? "").trim();
  if (wanted === "") return null;
  const styles = ctx.input.catalogue.captionStyles.filter((s) => {
    const names = [s.id.toLowerCase(), s.name.toLowerCase(), ...s.name.toLowerCase().split(" ")];
    return names.some((n) => n === wanted || (wanted.length >= 4 && editDistance(n, wanted) <= 1));
  });
  if (styles.length !== 1) return null;
  return [{ op: "set_captions", enabled: true, style: (styles[0] as { id: string }).id }];
};
