import type { Static } from "@sinclair/typebox";
import type { Deps } from "../../deps.js";
import { ApiError } from "../../http/api-error.js";
import { createJob } from "../../jobs/create.js";
import { toEnvelope } from "../../jobs/envelope.js";
import { artifactSigner } from "../../jobs/settle.js";
import { inspectUrl, sitePolicy, siteUrlError } from "../../net/guard.js";
import { defineOperation } from "../../operations/define.js";
import type { StoredStoryboardOptions, StoryboardJobInput } from "../../pipelines/walkthrough/storyboard-job.js";
import { resolveRenderOptions } from "../catalog/resolve.js";
import { mergeOptions, type QuoteInput } from "../renders/quote.js";
import { resolveTemplate } from "../templates/resolve.js";
import { CreateStoryboardBody, HINT_MAX, HINT_MIN, STORYBOARD_KIND, StoryboardEnvelope } from "./schemas.js";
import { checkSiteAllowed } from "./site-policy.js";

type CreateBody = Static<typeof CreateStoryboardBody>;

/** The hint trimmed, or null when none was sent; refused when outside 3–1000 characters. */
export function checkHint(hint: string | undefined): string | null {
  if (hint === undefined) return null;
  const trimmed = hint.trim();
  if (trimmed.length > HINT_MAX) throw new ApiError("hint_too_long", { max: HINT_MAX });
  if (trimmed.length < HINT_MIN) throw new ApiError("hint_required", { min: HINT_MIN, max: HINT_MAX });
  return trimmed;
}

/**
 * Everything checked before a storyboard job exists (nothing is created on a refusal): the hint, the
 * options (a template's under the request's, as POST /renders/quote resolves them), the public
 * platform / sensitive-topic list, then the URL guard (parse, scheme, private addresses, DNS).
 */
export async function prepareStoryboard(
  deps: Pick<Deps, "db" | "catalog" | "config" | "resolver">,
  accountId: string,
  body: CreateBody,
): Promise<StoryboardJobInput> {
  const { url: rawUrl, hint: rawHint, ...optionFields } = body;
  const hint = checkHint(rawHint);
  const input = optionFields as QuoteInput;
  const template = input.templateId === undefined ? null : await resolveTemplate(deps, accountId, input.templateId);
  const resolved = resolveRenderOptions(deps.catalog, mergeOptions(template, input), {
    templateExists: () => template !== null,
  });
  checkSiteAllowed(rawUrl);
  const verdict = await inspectUrl(rawUrl, sitePolicy(deps.config, []), deps.resolver);
  if (!verdict.ok) throw siteUrlError(verdict);
  const options: StoredStoryboardOptions = {
    avatar: resolved.avatar.id,
    background: resolved.background.id,
    captionStyle: resolved.captionStyle.id,
    capture: resolved.capture.id,
    language: resolved.language,
    orientation: resolved.orientation.id,
    voiceId: resolved.voice?.id ?? null,
    templateId: resolved.templateId,
    targetSeconds: resolved.targetSeconds,
    maxSeconds: resolved.maxSeconds,
  };
  return {
    url: verdict.url.href,
    hint,
    options,
    capture: {
      width: resolved.capture.viewport.width,
      height: resolved.capture.viewport.height,
      deviceScaleFactor: resolved.capture.deviceScaleFactor,
      isMobile: resolved.capture.mobile,
      hasTouch: resolved.capture.mobile,
    },
  };
}

export const createStoryboardOperation = defineOperation({
  id: "storyboards.create",
  summary: "Plan a storyboard from a website",
  description:
    "Starts planning a walkthrough of `url`: a walkthrough.storyboard job (202, status URL in Location; 200 with the known job when the Idempotency-Key already made one). The site is opened in a browser, its navigation, main call to action, cards and forms explored, and a plan of 4 to 8 beats written as the `storyboard` artifact (JSON) with one `screenshot` artifact per beat; `durationSeconds` is the plan's estimated length. An optional `hint` (3 to 1000 characters after trimming) moves the beats it names first. Option fields are those of POST /renders/quote, resolved the same way (a template's under the request's). Major public platforms and sensitive-topic sites are refused with site_not_allowed. Planning holds no time. Narration is written in English whatever `language` says.",
  body: CreateStoryboardBody,
  responses: { 202: StoryboardEnvelope, 200: StoryboardEnvelope },
  errors: [
    "avatar_unavailable",
    "avatar_unknown",
    "background_unknown",
    "caption_style_unknown",
    "capture_incompatible",
    "capture_unknown",
    "hint_required",
    "hint_too_long",
    "language_unknown",
    "length_below_minimum",
    "options_invalid",
    "orientation_unknown",
    "site_not_allowed",
    "template_unknown",
    "url_invalid",
    "url_malformed",
    "url_private",
    "voice_language",
    "voice_unknown",
    "queue_unavailable",
  ],
  async handler({ actor, deps, body, idempotencyKey, requestId }) {
    const input = await prepareStoryboard(deps, actor.accountId, body);
    const { job, created } = await createJob(deps, {
      accountId: actor.accountId,
      kind: STORYBOARD_KIND,
      input,
      reserveSeconds: 0,
      watermark: false,
      idempotencyKey,
      requestId,
    });
    return {
      status: created ? 202 : 200,
      body: toEnvelope(job, artifactSigner(deps)),
      location: `/api/v1/storyboards/${job.id}`,
    };
  },
});
