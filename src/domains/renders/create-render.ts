import { createJob } from "../../jobs/create.js";
import type { RenderJobInput } from "../../pipelines/walkthrough/render-input.js";
import { defineOperation } from "../services.js";
import { prepareStoryboard } from "../storyboards/create-storyboard.js";
import { checkCredentials, sealCredentials, storeCredentials } from "../storyboards/credentials.js";
import { CREATE_RENDER_ERRORS } from "./errors.js";
import { priceRender } from "./quote.js";
import { knownRender, renderAnswer } from "./render-answer.js";
import { CreateRenderBody, CreateRenderResponse, RENDER_KIND } from "./schemas.js";

export const createRenderOperation = defineOperation({
  id: "renders.create",
  summary: "Plan and render a walkthrough from a URL",
  description:
    "One job that plans the site as POST /storyboards would (same url, hint, option and credentials fields and the same refusals) and renders the plan as it stands: a walkthrough.render job (202, Location; 200 with `created: false` when the work is already known). Seconds are reserved as POST /renders/quote prices the options (402 insufficient_seconds when the balance cannot hold 30 seconds); the real length is charged on success, the rest released. `lengthFit` is null: the plan does not exist until the job makes it (beats that do not fit the length are cut from the end). Use POST /storyboards then POST /storyboards/{id}/renders to review the plan first.",
  body: CreateRenderBody,
  responses: { 202: CreateRenderResponse, 200: CreateRenderResponse },
  errors: CREATE_RENDER_ERRORS.filter(
    (code) =>
      ![
        "storyboard_empty",
        "storyboard_expired",
        "unknown_beat",
        "no_beats",
        "body_invalid",
        "credentials_required",
      ].includes(code),
  ),
  async handler({ actor, deps, body, idempotencyKey, requestId, now }) {
    const { credentials, ...planFields } = body;
    const known = await knownRender(deps, actor.accountId, idempotencyKey, credentials !== undefined);
    if (known) return known;
    const planned = await prepareStoryboard(deps, actor.accountId, planFields);
    const fresh = credentials ? await checkCredentials(deps, credentials) : null;
    const sealed = fresh ? sealCredentials(deps, fresh) : null;
    const { quote, seconds } = await priceRender(deps, actor.accountId, planned.options, now);

    const { job, created } = await createJob(deps, {
      accountId: actor.accountId,
      kind: RENDER_KIND,
      // The credentials are stored under the new job's own id.
      input: (id: string): RenderJobInput => ({
        source: "url",
        storyboardId: null,
        url: planned.url,
        hint: planned.hint,
        beats: null,
        options: planned.options,
        capture: planned.capture,
        length: { targetSeconds: quote.targetSeconds, maxSeconds: quote.maxSeconds, seconds },
        watermark: quote.watermark,
        credentialsOwner: sealed ? id : null,
      }),
      reserveSeconds: quote.secondsToReserve,
      watermark: quote.watermark,
      idempotencyKey,
      requestId,
      inFlightLimit: deps.config.maxInFlightPerKind,
      onCreate: async (tx, job) => {
        if (sealed) await storeCredentials(tx, { ownerId: job.id, accountId: actor.accountId, sealed }, now);
      },
    });
    return renderAnswer(deps, job, created, sealed ? "request" : null, null);
  },
});
