import { cancelJobAnswer } from "../../jobs/cancel.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { CancelRenderBody, CancelRenderResponse, RENDER_KINDS, RenderIdParams } from "./schemas.js";

export const cancelRenderOperation = defineOperation({
  id: "renders.cancel",
  summary: "Cancel a render",
  description:
    "Queued: cancelled at once and taken out of the queue (`removedFromQueue: true`). Running: renders are cancellable while running; it stops at its next step boundary or, within about 3 s, mid-step (ffmpeg, the browser and a wait for a browser are stopped), settles `cancelled`, and every reserved second is released (`removedFromQueue: false`; poll the render). Succeeded, failed or cancelled: 409 already_settled, nothing changes. Settlement is one conditional update, so a cancel racing the finish never moves seconds twice.",
  params: RenderIdParams,
  body: CancelRenderBody,
  responses: { 200: CancelRenderResponse },
  errors: ["already_settled", "conflict"],
  async handler({ actor, deps, params }) {
    return ok(await cancelJobAnswer(deps, actor.accountId, params.id, RENDER_KINDS));
  },
});
