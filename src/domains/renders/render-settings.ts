import { messageOf } from "../../contract/error-codes.js";
import { ApiError } from "../../contract/errors.js";
import { PipelineFailure } from "../../pipelines/run.js";
import type { RenderSettings, RenderSettingsResolver } from "../../pipelines/walkthrough/deps.js";
import type { StoredStoryboardOptions } from "../../pipelines/walkthrough/storyboard-input.js";
import type { Catalog } from "../catalog/catalog.js";
import { frameStyleOf, resolveStoredOptions } from "./render-options.js";

/**
 * The render pipeline's options, resolved against `catalog` when its run starts. An option that no
 * longer resolves (a voice uninstalled after the render was queued) fails the run at once with the
 * option's own code, the one a new request naming it would get: the same catalogue gives the same
 * answer on a second attempt, so it is not retryable.
 */
export function renderSettingsResolver(catalog: Catalog): RenderSettingsResolver {
  return (stored: StoredStoryboardOptions): RenderSettings => {
    let resolved: ReturnType<typeof resolveStoredOptions>;
    try {
      resolved = resolveStoredOptions(catalog, stored);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const field = typeof err.details?.field === "string" ? err.details.field : null;
      const what = field ? `the render's ${field} no longer resolves` : "the render's options no longer resolve";
      throw new PipelineFailure(err.code, `${what}: ${messageOf(err.code)}`, false);
    }
    const voice = resolved.voice;
    return {
      voice: voice ? { id: voice.id, engine: voice.engine, engineVoice: voice.engineVoice } : null,
      output: { width: resolved.orientation.width, height: resolved.orientation.height },
      style: frameStyleOf(resolved),
    };
  };
}
