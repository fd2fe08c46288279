import { refuse } from "../context.js";
import type { Rule } from "./rule.js";

/**
 * Pace: one of the template's offered speeds, stepped ("faster", "slow it down") or named ("1.25x",
 * "normal speed"). A speed not offered is refused with campaign_speed_not_offered, listing those that are.
 */

const WHAT = "(?: (?:pace|pacing|speed|tempo|narration|voice|delivery|reading|read))?";
const MAKE =
  "(?:(?:make|have|set|keep|go|run|play)(?: it| the (?:pace|pacing|speed|tempo|narration|voice|delivery))? )?";
const UP = new RegExp(
  `^(?:${MAKE}(?:a )?faster${WHAT}|speed up(?: the (?:pace|narration|voice|delivery|reading))?|(?:speed|pace|hurry) (?:it |things |the (?:pace|narration|voice) )?up|pick up the pace|(?:up|increase|raise) the (?:pace|tempo|speed)|more pace|quicken(?: the pace| it)?|less slow)$`,
);
const DOWN = new RegExp(
  `^(?:${MAKE}(?:a )?(?:slower|more relaxed|less rushed)${WHAT}|slow (?:it |things |the (?:pace|narration|voice) )?down|slow down(?: the (?:pace|narration|voice|delivery))?|(?:reduce|lower|decrease) the (?:pace|tempo|speed)|less fast|not so fast|not so rushed)$`,
);
const NORMAL =
  /^(?:(?:set|make|put|reset|change|go back|get back|back)(?: it| the speed| the pace)?(?: back)?(?: to)? )?(?:the )?(?:normal|regular|default|original|standard) (?:speed|pace|pacing|tempo)$/;
const EXACT =
  /^(?:(?:set|change|make|play|run|put)(?: it| the (?:speed|pace|pacing|playback|playback speed))?(?: to| at)? )?(?:(?:speed|pace|playback speed|playback) (?:to |of |at )?)?(?:at )?(\d+(?:\.\d+)?) ?(?:x|times)(?: (?:speed|pace|the speed|playback))?$/;

export const paceRule: Rule = (clause, ctx) => {
  const { speeds } = ctx.input.catalogue;
  const current = ctx.doc.sound.speed;
  const text = clause.text;
  let speed: number | undefined;
  const exact = text.match(EXACT);
  if (exact) speed = Number(exact[1]);
  else if (NORMAL.test(text)) speed = 1;
  else if (UP.test(text)) speed = speeds.find((s) => s > current) ?? Number.NaN;
  else if (DOWN.test(text)) speed = [...speeds].reverse().find((s) => s < current) ?? Number.NaN;
  else return null;
  if (!speeds.includes(speed)) {
    refuse("campaign_speed_not_offered", "This speed is not offered for the template.", {
      speed: Number.isNaN(speed) ? null : speed,
      current,
      speeds,
    });
  }
  return [{ op: "set_speed", speed }];
};
