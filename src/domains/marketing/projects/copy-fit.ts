import { ApiError } from "../../../contract/errors.js";
import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import type { DomainServices } from "../../services.js";
import type { PinnedSource } from "../revision/context.js";

/**
 * 400 campaign_copy_overflow when a copy field does not fit its layout at the layout's minimum font size,
 * measured in Chromium with the document's own fonts (characters alone cannot tell: a long word, wide
 * glyphs). Names the first field that overflows, with how many lines it takes and may take.
 */
export async function checkCopyFits(
  deps: Pick<DomainServices, "copyFit">,
  document: CampaignDocument,
  source: Pick<PinnedSource, "assets">,
): Promise<void> {
  const overflow = await deps.copyFit.overflow(document, source);
  const first = overflow[0];
  if (!first) return;
  const index = document.story.scenes.findIndex((s) => s.id === first.sceneId);
  const path = first.field === "coverText" ? "/story/coverText" : `/story/scenes/${index}/${first.field}`;
  throw new ApiError("campaign_copy_overflow", {
    path,
    sceneId: first.sceneId,
    field: first.field,
    lines: first.lines,
    maxLines: first.maxLines,
    overflowPx: first.overflowPx,
  });
}
