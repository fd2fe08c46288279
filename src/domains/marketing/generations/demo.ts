import { ApiError } from "../../../contract/errors.js";
import type { StoredResult } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import type { MarketingTemplate } from "../../catalog/catalog.js";
import { RENDER_KIND } from "../../renders/schemas.js";
import type { DomainServices } from "../../services.js";
import type { GenerationRequest } from "./options.js";

/** The shortest stretch of a render worth showing as demo footage. */
export const MIN_DEMO_SECONDS = 2;

/** A checked demo range: the render's video file and the stretch of it the reveal scene shows. */
export interface DemoFootage {
  renderId: string;
  fromSeconds: number;
  toSeconds: number;
  videoKey: string;
  posterKey: string | null;
}

const invalid = (reason: string, details: Record<string, unknown> = {}): never => {
  throw new ApiError("website_demo_invalid", { reason, ...details });
};

/**
 * `demo`: a succeeded walkthrough render of this account, its files kept, and a range of at least
 * MIN_DEMO_SECONDS inside its length; a template that shows no footage takes none. Each failure is
 * 400 website_demo_invalid with its reason (template_takes_no_footage, render_not_found, not_succeeded,
 * expired, range_invalid, range_too_short, range_outside).
 */
export async function resolveDemo(
  deps: Pick<DomainServices, "db">,
  accountId: string,
  demo: GenerationRequest["demo"],
  template: MarketingTemplate,
  now: Date,
): Promise<DemoFootage | null> {
  if (!demo) return null;
  if (template.demoFootage === "none") invalid("template_takes_no_footage", { templateId: template.id });
  const render = await findJob(deps.db.kysely, accountId, demo.renderId, [RENDER_KIND]);
  if (!render) return invalid("render_not_found", { renderId: demo.renderId });
  if (render.state !== "succeeded") invalid("not_succeeded", { renderId: render.id, state: render.state });
  const stored = render.result ? (JSON.parse(render.result) as StoredResult) : null;
  const key = (type: string) => stored?.artifacts.find((a) => a.type === type)?.key ?? null;
  const videoKey = key("video");
  const expired =
    render.artifacts_expired === 1 || (render.expires_at !== null && render.expires_at <= now.toISOString());
  if (expired || !videoKey) return invalid("expired", { renderId: render.id });
  if (demo.toSeconds <= demo.fromSeconds)
    invalid("range_invalid", { fromSeconds: demo.fromSeconds, toSeconds: demo.toSeconds });
  if (demo.toSeconds - demo.fromSeconds < MIN_DEMO_SECONDS)
    invalid("range_too_short", { minimumSeconds: MIN_DEMO_SECONDS });
  const length = stored?.durationSeconds ?? null;
  if (length !== null && demo.toSeconds > length) invalid("range_outside", { renderSeconds: length });
  return {
    renderId: render.id,
    fromSeconds: demo.fromSeconds,
    toSeconds: demo.toSeconds,
    videoKey,
    posterKey: key("poster"),
  };
}
