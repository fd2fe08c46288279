import type { StoredResult } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import type { ExportInput } from "../../../pipelines/marketing/export/export-input.js";
import { RENDER_KIND } from "../../renders/schemas.js";
import type { DomainServices } from "../../services.js";

/**
 * The stored video of each walkthrough render the document's scenes show as footage (as a generation's
 * `demo` is resolved): a render of this account that succeeded and still has its files. One that does not
 * is left out, and the export fails with source_unreadable (its seconds released) rather than being
 * refused: the revision was valid when written, and the job is where a missing file is found.
 */
export async function resolveFootage(
  deps: Pick<DomainServices, "db">,
  accountId: string,
  document: CampaignDocument,
  now: Date,
): Promise<ExportInput["footage"]> {
  const footage: ExportInput["footage"] = {};
  for (const scene of document.story.scenes) {
    if (scene.visual.type !== "footage" || scene.visual.renderId in footage) continue;
    const render = await findJob(deps.db.kysely, accountId, scene.visual.renderId, [RENDER_KIND]);
    if (render?.state !== "succeeded") continue;
    const expired =
      render.artifacts_expired === 1 || (render.expires_at !== null && render.expires_at <= now.toISOString());
    const stored = render.result ? (JSON.parse(render.result) as StoredResult) : null;
    const videoKey = stored?.artifacts.find((a) => a.type === "video")?.key;
    if (!expired && videoKey) footage[render.id] = { videoKey };
  }
  return footage;
}
