import type { CampaignOrientation } from "../../../../pipelines/marketing/campaign/document.js";
import { refuse } from "../context.js";
import type { Rule } from "./rule.js";

/**
 * Orientation by name or by where the video goes: "vertical", "for TikTok" and "9:16" are portrait, "for
 * Instagram feed" and "1:1" square, "for YouTube" and "widescreen" landscape (the lexicon maps the
 * names). One the template is not laid out for is refused with revision_configuration_mismatch.
 */
const NAME = "(portrait|square|landscape)";
const FORMS = [
  new RegExp(
    `^(?:(?:make|turn|change|switch|set|convert|reformat|format|crop|do|render|export|flip|rotate|have|want)(?: it| the orientation| the format| the aspect ratio| the ratio| orientation| format)?(?: to| into| in| as| for)? )?(?:a |an )?${NAME}(?: (?:format|orientation|mode|aspect|aspect ratio|ratio|video|version|one|layout|please|instead))*(?: (?:for|on) \\1)?$`,
  ),
  new RegExp(
    `^(?:(?:make|do|render|export|want|need|turn)(?: it)? )?(?:a |an )?(?:version |video |one |cut )?(?:for|on) ${NAME}$`,
  ),
  new RegExp(`^(?:the )?(?:orientation|format|aspect ratio|ratio)(?: should be| to| is| =)? ${NAME}$`),
  new RegExp(
    `^(?:(?:make|do|render|export|want|need|turn)(?: it)? )?(?:a |an )?${NAME} (?:format|orientation|mode|aspect|aspect ratio|ratio|video|version|one|layout)$`,
  ),
];

export const orientationRule: Rule = (clause, ctx) => {
  const m = FORMS.map((p) => clause.text.match(p)).find((x) => x);
  if (!m) return null;
  const orientation = m[1] as CampaignOrientation;
  const offered = ctx.input.catalogue.orientations;
  if (!offered.includes(orientation)) {
    refuse("revision_configuration_mismatch", `The template is not laid out for ${orientation}.`, {
      field: "export.orientation",
      orientation,
      orientations: offered,
    });
  }
  return [{ op: "set_orientation", orientation }];
};
