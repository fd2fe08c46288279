import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { createJob } from "../../jobs/create.js";
import { findJobByIdempotencyKey } from "../../jobs/store.js";
import { inspectUrl, sitePolicy } from "../../net/guard.js";
import type { StoryboardJobInput } from "../../pipelines/walkthrough/storyboard-input.js";
import { RENDER_OPTION_ERRORS, resolveRenderOptions } from "../catalog/resolve.js";
import { jobAnswer } from "../job-answer.js";
import { resolveTemplate } from "../render-templates/resolve.js";
import { mergeOptions, type QuoteInput } from "../renders/quote.js";
import { captureSpecOf, storedOptionsOf } from "../renders/render-options.js";
import { type DomainServices, defineOperation } from "../services.js";
import { checkCredentials, sealCredentials, storeCredentials } from "./credentials.js";
import { CreateStoryboardBody, HINT_MAX, HINT_MIN, STORYBOARD_KIND, StoryboardEnvelope } from "./schemas.js";
import { checkSiteAllowed } from "./site-policy.js";
import { siteUrlError } from "./url-errors.js";

type CreateBody = Omit<Static<typeof CreateStoryboardBody>, "credentials">;

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
  deps: Pick<DomainServices, "db" | "catalog" | "config" | "resolver">,
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
  return {
    url: verdict.url.href,
    hint,
    options: storedOptionsOf(resolved),
    capture: captureSpecOf(resolved),
  };
}

export const createStoryboardOperation = defineOperation({
  id: "storyboards.create",
  summary: "Plan a storyboard from a website",
  description:
    "Starts planning a walkthrough of `url`: a walkthrough.storyboard job (202, status URL in Location; 200 with the known job when the Idempotency-Key already made one). The site is opened in a browser, its navigation, main call to action, cards and forms explored, and a plan of 4 to 8 beats written as the `storyboard` artifact (JSON) with one `screenshot` artifact per beat; `durationSeconds` is the plan's estimated length. An optional `hint` (3 to 1000 characters after trimming) moves the beats it names first. Option fields are those of POST /renders/quote, resolved the same way (a template's under the request's). Major public platforms and sensitive-topic sites are refused with site_not_allowed. Planning holds no time. For a site behind a sign-in, send `credentials` (demo account): the job signs in first (only the login origin, the site's origin and up to five additionalLoginOrigins are approved during sign-in) and plans what is behind it; the credentials are sealed at rest, never returned, and deleted at most two hours after last use (a render of this storyboard uses them again, or asks for them with credentials_required). Narration is written from phrase templates in the storyboard's language (en, de, fr, es, it, pt, nl; English otherwise); text quoted from the site stays as the site wrote it.",
  body: CreateStoryboardBody,
  responses: { 202: StoryboardEnvelope, 200: StoryboardEnvelope },
  errors: [
    ...RENDER_OPTION_ERRORS,
    "hint_required",
    "hint_too_long",
    "site_not_allowed",
    "login_origins_invalid",
    "login_url_invalid",
    "login_url_required",
    "vault_unavailable",
    "template_unknown",
    "url_invalid",
    "url_malformed",
    "url_private",
    "queue_unavailable",
  ],
  async handler({ actor, deps, body, idempotencyKey, requestId, now }) {
    // The claim expired but the work is known: it is the answer, before anything is checked again.
    const known = idempotencyKey
      ? await findJobByIdempotencyKey(deps.db.kysely, actor.accountId, STORYBOARD_KIND, idempotencyKey)
      : undefined;
    if (known) return jobAnswer(deps, known, false, "storyboards.get");
    const { credentials, ...planFields } = body;
    const input = await prepareStoryboard(deps, actor.accountId, planFields);
    const creds = credentials ? await checkCredentials(deps, credentials) : null;
    const sealed = creds ? sealCredentials(deps, creds) : null;
    const { job, created } = await createJob(deps, {
      accountId: actor.accountId,
      kind: STORYBOARD_KIND,
      input: creds
        ? { ...input, signIn: { loginUrl: creds.loginUrl, additionalLoginOrigins: creds.additionalLoginOrigins } }
        : input,
      reserveSeconds: 0,
      watermark: false,
      idempotencyKey,
      requestId,
      // Sealed beside the job, in its transaction: the run reads them by the storyboard's id.
      onCreate: async (tx, row) => {
        if (sealed) await storeCredentials(tx, { ownerId: row.id, accountId: actor.accountId, sealed }, now);
      },
    });
    return jobAnswer(deps, job, created, "storyboards.get");
  },
});
