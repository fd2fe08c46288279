import { Type } from "@sinclair/typebox";
import { CancelJobBody, cancelJobResponse, JobEnvelopeSchema } from "../../jobs/envelope.js";
import { SITE_URL_MAX } from "../../net/guard.js";
import { QuoteBody } from "../renders/schemas.js";
import { CredentialsBody } from "./credentials.js";

/** Spec, Limits: a storyboard hint is 3 to 1000 characters after trimming. */
export const HINT_MIN = 3;
export const HINT_MAX = 1000;

/**
 * POST /storyboards (shape not shown in the spec; our design): the site, an optional hint, and the
 * option fields of POST /renders/quote, validated the same way, and `credentials` as
 * POST /storyboards/{id}/renders defines them. The hint has no schema bound so its own codes can answer.
 */
export const CreateStoryboardBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: SITE_URL_MAX,
      description: "The website to plan (http or https).",
    }),
    hint: Type.Optional(
      Type.String({
        description:
          "What the walkthrough should show; 3 to 1000 characters after trimming (hint_required, hint_too_long).",
      }),
    ),
    ...QuoteBody.properties,
    credentials: Type.Optional(CredentialsBody),
  },
  { additionalProperties: false },
);

export const StoryboardIdParams = Type.Object(
  { id: Type.String({ format: "uuid", description: "Storyboard id." }) },
  { additionalProperties: false },
);

export const StoryboardEnvelope = JobEnvelopeSchema;

export const CancelStoryboardBody = CancelJobBody;
export const CancelStoryboardResponse = cancelJobResponse("storyboard");

export const STORYBOARD_KIND = "walkthrough.storyboard";
export const STORYBOARD_KINDS: readonly string[] = [STORYBOARD_KIND];
