import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { quoteExport } from "../exports/price.js";
import { REQUEST_REFUSALS } from "./refusals.js";
import { resolveGeneration } from "./resolve.js";
import { GenerationRequestBody, PreflightAnswerSchema } from "./schemas.js";
import { planResolved } from "./story.js";

export const preflightGenerationOperation = defineOperation({
  id: "marketing.preflightGeneration",
  summary: "Check a generation before starting it",
  description:
    "Runs every check creating the generation would, synchronously, and starts nothing. A value the template or catalogue does not offer, or a source that cannot be read, is refused exactly as creating refuses it. What the account or the source lacks is answered instead: `missing` lists each thing with its `field`, its `section` of the revision document (story, style, sound or export), the `code` creating would refuse with, and a plain message — a brand kit without colours, no voice for the site's language, footage a template requires, too little on the site to show, or (section export) too few seconds in the wallet to export it, which does not stop generating. `ready` is true when nothing is missing. `warnings` say what the plan had to give up (a scene dropped for want of copy, a plate where no picture was found, a shorter length that would suit). `plan` is the scene plan with each scene's source copy ids and estimated seconds, and `quote` what exporting it would hold and charge.",
  body: GenerationRequestBody,
  responses: { 200: PreflightAnswerSchema },
  errors: [...REQUEST_REFUSALS, "storage_unavailable"],
  async handler({ actor, deps, body, now }) {
    const resolved = await resolveGeneration(deps, actor.accountId, body, now);
    const { story, missing } = planResolved(resolved);
    const { input } = resolved;
    const quote = await quoteExport(deps, actor.accountId, input.seconds, now);
    if (!quote.sufficient)
      missing.push({
        field: "seconds",
        section: "export",
        code: "insufficient_seconds",
        message: `Exporting ${input.seconds} s needs ${quote.needed} more seconds than the wallet holds.`,
      });
    return ok({
      ready: missing.length === 0,
      missing,
      warnings: story.warnings,
      plan: {
        templateId: input.template.id,
        sourceId: input.source.id,
        sourceVersion: input.source.version,
        seconds: input.seconds,
        orientation: input.orientation,
        audioMode: input.audioMode,
        speed: input.speed,
        voiceId: input.voice?.id ?? "",
        brand: resolved.brand,
        scenes: story.scenes.map((s) => ({
          id: s.id,
          kind: s.kind,
          headline: s.headline,
          visual: s.visual.type,
          seconds: s.seconds,
          copyIds: story.plan.find((p) => p.sceneId === s.id)?.copyIds ?? [],
        })),
      },
      quote,
    });
  },
});
