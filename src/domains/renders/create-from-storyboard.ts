import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { createJob } from "../../jobs/create.js";
import type { JobRow, StoredResult } from "../../jobs/envelope.js";
import { findJob } from "../../jobs/store.js";
import type { Beat } from "../../pipelines/walkthrough/beats.js";
import { estimateSeconds } from "../../pipelines/walkthrough/plan.js";
import type { RenderBeat, RenderJobInput } from "../../pipelines/walkthrough/render-input.js";
import type { StoredStoryboardOptions } from "../../pipelines/walkthrough/storyboard-input.js";
import { getStored } from "../../storage/storage.js";
import { type DomainServices, defineOperation } from "../services.js";
import { checkCredentials, hasLiveCredentials, sealCredentials, storeCredentials } from "../storyboards/credentials.js";
import { STORYBOARD_KINDS, StoryboardIdParams } from "../storyboards/schemas.js";
import { CREATE_RENDER_ERRORS } from "./errors.js";
import { fitBeats } from "./length-fit.js";
import { priceRender } from "./quote.js";
import { knownRender, renderAnswer } from "./render-answer.js";
import { captureSpecOf, resolveStoredOptions } from "./render-options.js";
import { CreateFromStoryboardBody, CreateRenderResponse, RENDER_KIND } from "./schemas.js";

type Body = Static<typeof CreateFromStoryboardBody>;

/** The plan a succeeded storyboard wrote (storyboard-job.ts). */
interface StoredPlan {
  url: string;
  hint: string | null;
  options: StoredStoryboardOptions;
  beats: Beat[];
  signedIn?: boolean;
}

/** The storyboard's plan, or the refusal its state calls for (410, 409 conflict, storyboard_empty). */
async function loadPlan(deps: Pick<DomainServices, "storage">, storyboard: JobRow): Promise<StoredPlan> {
  if (storyboard.state === "queued" || storyboard.state === "running") {
    throw new ApiError("conflict", { reason: "storyboard_not_finished", state: storyboard.state });
  }
  if (storyboard.state !== "succeeded") throw new ApiError("storyboard_empty", { state: storyboard.state });
  if (storyboard.artifacts_expired === 1) throw new ApiError("storyboard_expired");
  const stored = storyboard.result ? (JSON.parse(storyboard.result) as StoredResult) : null;
  const artifact = stored?.artifacts.find((a) => a.type === "storyboard");
  const bytes = artifact ? await getStored(deps.storage, artifact.key) : null;
  if (!bytes) throw new ApiError("storyboard_expired");
  const plan = JSON.parse(bytes.toString("utf8")) as StoredPlan;
  if (plan.beats.length === 0) throw new ApiError("storyboard_empty", { state: storyboard.state });
  return plan;
}

/** The user's edits applied: body_invalid (a beat edited twice, an empty line), unknown_beat, no_beats. */
export function applyEdits(beats: readonly Beat[], edits: Body["beats"]): RenderBeat[] {
  const byId = new Map<string, NonNullable<Body["beats"]>[number]>();
  for (const [index, edit] of (edits ?? []).entries()) {
    if (byId.has(edit.beatId)) throw new ApiError("body_invalid", { reason: "duplicate_beat", index });
    if (typeof edit.narration === "string" && edit.narration.trim() === "") {
      throw new ApiError("body_invalid", { reason: "empty_narration", index });
    }
    if (!beats.some((b) => b.id === edit.beatId)) throw new ApiError("unknown_beat", { beatId: edit.beatId, index });
    byId.set(edit.beatId, edit);
  }
  const result = beats.map((beat): RenderBeat => {
    const edit = byId.get(beat.id);
    const narration = typeof edit?.narration === "string" ? edit.narration.trim() : beat.narration;
    return {
      ...beat,
      narration,
      estimatedSeconds: narration === beat.narration ? beat.estimatedSeconds : estimateSeconds(narration),
      hidden: edit?.hidden === true,
    };
  });
  if (result.every((b) => b.hidden)) throw new ApiError("no_beats");
  return result;
}

export const createRenderFromStoryboardOperation = defineOperation({
  id: "renders.createFromStoryboard",
  summary: "Render a storyboard",
  description:
    "Turns a finished storyboard into a video: a walkthrough.render job (202, Location; 200 with `created: false` when the work is already known). The render inherits the storyboard's options; only a beat's narration and visibility can change (`beats`, by beatId). A storyboard planned signed in needs its stored credentials (kept two hours after last use) or a new `credentials` block (credentials_required otherwise; `credentialSource` says which was used). When the storyboard names a length, `lengthFit` says which beats it holds: taught extras go first, then the walkthrough is cut from its end; a fixed length the beats cannot fill is not padded with silence, so the video comes out shorter and `lengthFit` says so (adjusted, note). Seconds are reserved as POST /renders/quote prices them (402 insufficient_seconds when the balance cannot hold 30 seconds), the real length is charged on success and the rest released.",
  params: StoryboardIdParams,
  body: CreateFromStoryboardBody,
  responses: { 202: CreateRenderResponse, 200: CreateRenderResponse },
  errors: [...CREATE_RENDER_ERRORS, "storage_unavailable"],
  async handler({ actor, deps, params, body, idempotencyKey, requestId, now }) {
    const known = await knownRender(deps, actor.accountId, idempotencyKey, body?.credentials !== undefined);
    if (known) return known;
    const storyboard = await findJob(deps.db.kysely, actor.accountId, params.id, STORYBOARD_KINDS);
    if (!storyboard) throw new ApiError("not_found");
    const plan = await loadPlan(deps, storyboard);
    const beats = applyEdits(plan.beats, body?.beats);

    const fresh = body?.credentials ? await checkCredentials(deps, body.credentials) : null;
    let credentialSource: "request" | "storyboard" | null = null;
    if (fresh) credentialSource = "request";
    else if (plan.signedIn === true) {
      if (!(await hasLiveCredentials(deps.db.kysely, storyboard.id, now))) throw new ApiError("credentials_required");
      credentialSource = "storyboard";
    }
    const sealed = fresh ? sealCredentials(deps, fresh) : null;

    const resolved = resolveStoredOptions(deps.catalog, plan.options);
    const { quote, seconds } = await priceRender(deps, actor.accountId, resolved, now);
    const length = { targetSeconds: quote.targetSeconds, maxSeconds: quote.maxSeconds, seconds };
    const { kept, fit } = fitBeats(
      beats.filter((b) => !b.hidden),
      length,
    );
    // Beats up to the last one shown are replayed (hidden ones performed off camera); the rest are not.
    const keptIds = new Set(kept.map((b) => b.id));
    const lastShown = beats.findLastIndex((b) => keptIds.has(b.id));
    const replay = beats.slice(0, lastShown + 1).map((b) => ({ ...b, hidden: !keptIds.has(b.id) }));

    const input: RenderJobInput = {
      source: "storyboard",
      storyboardId: storyboard.id,
      url: plan.url,
      hint: plan.hint,
      beats: replay,
      options: plan.options,
      capture: captureSpecOf(resolved),
      length,
      watermark: quote.watermark,
      credentialsOwner: credentialSource === null ? null : storyboard.id,
    };
    const { job, created } = await createJob(deps, {
      accountId: actor.accountId,
      kind: RENDER_KIND,
      input,
      reserveSeconds: quote.secondsToReserve,
      watermark: quote.watermark,
      idempotencyKey,
      requestId,
      inFlightLimit: deps.config.maxInFlightPerKind,
      onCreate: async (tx) => {
        if (sealed) await storeCredentials(tx, { ownerId: storyboard.id, accountId: actor.accountId, sealed }, now);
      },
    });
    const named = plan.options.targetSeconds !== null || plan.options.maxSeconds !== null;
    return renderAnswer(deps, job, created, credentialSource, created && named ? fit : null);
  },
});
