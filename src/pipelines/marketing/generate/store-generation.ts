import type { Storage } from "../../../storage/storage.js";
import type { PipelineOutput } from "../../run.js";
import type { CampaignDocument } from "../campaign/document.js";

/** One scene's preview still. */
export interface ScenePreviewFile {
  sceneId: string;
  png: Buffer;
}

/**
 * A generation's files under generations/<id>/: the `campaign` document first, then one `preview` PNG per
 * scene in scene order (hidden scenes none).
 */
export async function storeGeneration(
  storage: Storage,
  id: string,
  document: CampaignDocument,
  previews: readonly ScenePreviewFile[],
): Promise<PipelineOutput> {
  const artifacts: PipelineOutput["artifacts"] = [];
  const put = async (type: string, key: string, data: Buffer) => {
    const stored = await storage.put(key, data);
    artifacts.push({ type, key: stored.key, bytes: stored.bytes, sha256: stored.sha256 });
  };
  const json = Buffer.from(JSON.stringify(document, null, 2));
  await put("campaign", `generations/${id}/campaign.json`, json);
  for (const p of previews) await put("preview", `generations/${id}/preview-${p.sceneId}.png`, p.png);
  return { artifacts, durationSeconds: null };
}
