import { ApiError } from "../../contract/errors.js";
import { artifactSigner, toEnvelope } from "../../jobs/envelope.js";
import { findJob } from "../../jobs/store.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { STORYBOARD_KINDS, StoryboardEnvelope, StoryboardIdParams } from "./schemas.js";

export const getStoryboardOperation = defineOperation({
  id: "storyboards.get",
  summary: "Read a storyboard",
  description:
    "The storyboard's job envelope (kind walkthrough.storyboard). Once succeeded, `result.artifacts` holds the plan (`storyboard`, a JSON file of beats) and one `screenshot` per beat. A succeeded storyboard past retention answers 410 storyboard_expired; plan it again. Another account's storyboard is 404.",
  params: StoryboardIdParams,
  responses: { 200: StoryboardEnvelope },
  errors: ["storyboard_expired"],
  async handler({ actor, deps, params }) {
    const job = await findJob(deps.db.kysely, actor.accountId, params.id, STORYBOARD_KINDS);
    if (!job) throw new ApiError("not_found");
    if (job.state === "succeeded" && job.artifacts_expired === 1) throw new ApiError("storyboard_expired");
    return ok(toEnvelope(job, artifactSigner(deps)));
  },
});
