import { cancelJobAnswer } from "../../jobs/cancel.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { CancelStoryboardBody, CancelStoryboardResponse, STORYBOARD_KINDS, StoryboardIdParams } from "./schemas.js";

export const cancelStoryboardOperation = defineOperation({
  id: "storyboards.cancel",
  summary: "Cancel a storyboard",
  description:
    "Queued: cancelled at once and taken out of the queue (`removedFromQueue: true`). Running: stops a few seconds later, at its next step boundary or mid-step when the step can stop (a wait for a browser) (`removedFromQueue: false`; poll the storyboard). Succeeded, failed or cancelled: 409 already_settled, nothing changes. Nothing is refunded: planning holds no time.",
  params: StoryboardIdParams,
  body: CancelStoryboardBody,
  responses: { 200: CancelStoryboardResponse },
  errors: ["already_settled", "conflict"],
  async handler({ actor, deps, params }) {
    return ok(await cancelJobAnswer(deps, actor.accountId, params.id, STORYBOARD_KINDS));
  },
});
