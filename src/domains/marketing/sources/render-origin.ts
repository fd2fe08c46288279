import { ApiError } from "../../../contract/errors.js";
import type { StoredResult } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import { RENDER_KIND } from "../../renders/schemas.js";
import type { DomainServices } from "../../services.js";

/** What a render source is made from: the render's site and the storage keys of its retained files. */
export interface RenderOrigin {
  url: string;
  files: { video: string; poster: string; captions: string | null; quality: string | null };
}

/**
 * A `walkthrough.render` of this account that succeeded with its files still kept. Unknown, another
 * account's or not a render → 404 source_render_not_found `unknown`; failed or cancelled → `not_succeeded`
 * with its state; files past retention → `expired`. Still queued or running → 409 not_finished (waiting helps).
 */
export async function checkRenderOrigin(
  deps: Pick<DomainServices, "db">,
  accountId: string,
  renderId: string,
  now: Date,
): Promise<RenderOrigin> {
  const render = await findJob(deps.db.kysely, accountId, renderId, [RENDER_KIND]);
  if (!render) throw new ApiError("source_render_not_found", { renderId, reason: "unknown" });
  if (render.state === "queued" || render.state === "running")
    throw new ApiError("not_finished", { state: render.state });
  if (render.state !== "succeeded") {
    throw new ApiError("source_render_not_found", { renderId, reason: "not_succeeded", state: render.state });
  }
  const stored = render.result ? (JSON.parse(render.result) as StoredResult) : null;
  const key = (type: string) => stored?.artifacts.find((a) => a.type === type)?.key ?? null;
  const video = key("video");
  const poster = key("poster");
  const gone = render.artifacts_expired === 1 || (render.expires_at !== null && render.expires_at <= now.toISOString());
  if (gone || !video || !poster) throw new ApiError("source_render_not_found", { renderId, reason: "expired" });
  const input = JSON.parse(render.input) as { url?: unknown };
  return {
    url: typeof input.url === "string" ? input.url : "",
    files: { video, poster, captions: key("captions"), quality: key("quality_report") },
  };
}
