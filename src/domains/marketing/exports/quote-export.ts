import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { exportShape } from "./offer.js";
import { quoteExport } from "./price.js";
import { ExportQuoteAnswer, QuoteExportBody } from "./schemas.js";
import { exportTarget } from "./target.js";

export const quoteExportOperation = defineOperation({
  id: "marketing.quoteExport",
  summary: "Price an export",
  description:
    "What exporting a revision (default: the latest) would make and hold, as the render quote answers it: the format and orientation (default: the revision's export section), the frame, the length, and the seconds it would reserve. Creates and spends nothing. The free tier reserves nothing, is watermarked and is capped at 60 seconds; a paid account holds the whole length, and a balance short of it answers `sufficient: false` with `needed` (an export is never shortened to fit). A GIF is at most 15 seconds and 480 px on its longest side (400 unsupported_export otherwise); a format other than mp4, webm or gif is 400 unsupported_format; an orientation the template is not laid out for is 400 unsupported_export. A revision the project does not have: 409 no_revision.",
  body: QuoteExportBody,
  responses: { 200: ExportQuoteAnswer },
  errors: ["project_not_found", "no_revision", "unsupported_format", "unsupported_export", "storage_unavailable"],
  async handler({ actor, deps, body, now }) {
    const { project, revision, document, template } = await exportTarget(
      deps,
      actor.accountId,
      body.projectId,
      body.revision,
    );
    const shape = exportShape(document, template, body);
    const price = await quoteExport(deps, actor.accountId, shape.seconds, now);
    return ok({ projectId: project.id, revision, ...shape, ...price });
  },
});
