import type { ApiFailure, Details } from "./failure";
import type { DocumentedRefusal, ErrorCode } from "./openapi-types";
import { MARKETING_SENTENCES } from "./refusals-marketing";

/**
 * Every refusal as a sentence a person understands. The service's own `message` is written for
 * developers ("The request does not match the operation's schema."); these say what happened and what
 * to do, with the refusal's details where they help. Every code the OpenAPI document gives for an
 * operation the dashboard calls must have one (the type below fails to compile otherwise); any other
 * falls back to the service's sentence. Details are shown as text only: never as markup.
 */
type Sentence = (d: Details) => string;
type Sentences = Record<DocumentedRefusal | "network" | "bad_answer", Sentence> & Partial<Record<ErrorCode, Sentence>>;

const DASHBOARD_FAULT = () =>
  "The dashboard sent something the service could not take. Reload the page and try again; if it happens again, give the operator the request id below.";

const text = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** "in 40 seconds", "in 3 minutes", from an ISO time. */
export function until(iso: unknown): string {
  const ms = typeof iso === "string" ? Date.parse(iso) - Date.now() : Number.NaN;
  if (!Number.isFinite(ms) || ms <= 0) return "in a moment";
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `in ${minutes} minutes` : `in ${Math.ceil(minutes / 60)} hours`;
}

const WEBHOOK_URL_PROBLEMS: Record<string, string> = {
  malformed: "This is not a web address. Enter a full address such as https://hooks.example.com/clipwright.",
  scheme: "The address must start with https://.",
  credentials: "The address may not contain a user name or password.",
  fragment: "The address may not end in a #fragment.",
  port: "The address must use the standard https port: remove the :port part.",
  bare_host: "The host needs a full name with a dot in it, such as hooks.example.com.",
  too_long: "The address is longer than 2,048 characters.",
};

const OPTION_UNKNOWN = (what: string) => () =>
  `That ${what} is not offered here any more. Choose another one from the list (reload the page to refresh it).`;
const PRIVATE_ADDRESS = (d: Details) =>
  `${text(d.host) || "This address"} leads to a private or reserved network address, which the service does not film.`;

const WALKTHROUGH_SENTENCES = {
  already_settled: () => "This has already finished, so there is nothing left to cancel.",
  avatar_unavailable: () => "Presenters are switched off on this service. Choose no presenter.",
  avatar_unknown: OPTION_UNKNOWN("presenter"),
  background_unknown: OPTION_UNKNOWN("background"),
  caption_style_unknown: OPTION_UNKNOWN("caption style"),
  capture_unknown: OPTION_UNKNOWN("capture"),
  language_unknown: OPTION_UNKNOWN("language"),
  orientation_unknown: (d: Details) =>
    Array.isArray(d.offered)
      ? `That orientation is not offered here. Choose one of: ${d.offered.map(text).filter(Boolean).join(", ")}.`
      : OPTION_UNKNOWN("orientation")(),
  template_unknown: OPTION_UNKNOWN("template"),
  voice_unknown: OPTION_UNKNOWN("voice"),
  capture_incompatible: () => "A phone-sized capture only fits a portrait or square video. Change one of the two.",
  voice_language: () => "That voice does not speak the chosen language. Choose another voice or language.",
  length_below_minimum: (d: Details) =>
    `A walkthrough is at least ${text(d.minimum) || "30"} seconds long. Choose a longer length, or Auto.`,
  options_invalid: (d: Details) =>
    d.reason === "target_and_max_seconds"
      ? "Choose either a fixed length or an Auto ceiling, not both."
      : "These options do not work together. Change one of them and try again.",
  body_invalid: (d: Details) =>
    d.reason === "empty_narration"
      ? "A line of narration is empty. Write something, or hide the beat instead."
      : "The changes to the beats could not be read. Reload the page and make them again.",
  unknown_beat: () => "A beat you changed is no longer in this plan. Reload the page and make your changes again.",
  no_beats: () => "Every beat is hidden, so there would be nothing to film. Show at least one beat.",
  storyboard_empty: () => "This plan has no beats to film. Plan the walkthrough again, perhaps with a hint.",
  storyboard_expired: () => "This plan is past the time plans are kept. Plan the walkthrough again.",
  credentials_required: () =>
    "This site was planned signed in, and the demo account's details are no longer kept. Enter them again below.",
  login_url_required: () => "Give the address of the site's sign-in page along with the demo account.",
  login_url_invalid: (d: Details) =>
    d.reason === "scheme"
      ? "The sign-in page must be an https:// address."
      : d.reason === "unresolvable"
        ? `The host ${text(d.host)} of the sign-in page could not be found. Check the address for typos.`
        : "The sign-in page cannot be opened from here. Check its address.",
  login_origins_invalid: () =>
    "The extra sign-in addresses must be at most five exact https:// origins (such as https://login.example.com).",
  hint_required: () => "Write a hint of at least 3 characters, or leave it empty.",
  hint_too_long: () => "The hint is longer than 1,000 characters. Shorten it.",
  hint_improve_failed: () => "The hint is already as clear as the rules can make it. Keep it as it is.",
  site_not_allowed: (d: Details) =>
    d.reason === "sensitive_topic"
      ? "This site's topic is one the service does not film. No time was used."
      : "Major public platforms cannot be filmed. Try your own product's site. No time was used.",
  url_malformed: () => "This is not a web address. Enter a full address such as https://www.example.com.",
  url_private: PRIVATE_ADDRESS,
  url_invalid: (d: Details) => {
    if (d.reason === "unresolvable") return `The host ${text(d.host)} could not be found. Check the address for typos.`;
    if (d.reason === "scheme") return "The address must start with https:// or http://.";
    if (d.reason === "bare_host") return "The host needs a full name with a dot in it, such as www.example.com.";
    if (d.reason === "http_status")
      return `The site answered with an error (HTTP ${text(d.status)}). Check the address.`;
    return "This site cannot be opened from here. Check the address.";
  },
  insufficient_seconds: (d: Details) =>
    `This video needs ${text(d.needed)} seconds and your balance has ${text(d.available)} available. Add time, or choose a shorter length.`,
  too_many_in_flight: (d: Details) =>
    `${text(d.inFlight) || "Several"} of these are already running, the most at once (${text(d.limit)}). Wait for one to finish.`,
  not_ready: (d: Details) =>
    d.state === "failed" || d.state === "cancelled"
      ? "This video was not finished, so there is nothing to download."
      : "The video is not finished yet. Wait until it is, then download it.",
  gone: () => "The files of this video were deleted at the end of the time they are kept.",
  template_limit: (d: Details) =>
    `You already have ${text(d.active)} saved templates, the most allowed (${text(d.max)}). Delete one first.`,
  preview_failed: () => "The voice said nothing for this text. Try another sentence.",
  tts_unavailable: () => "This voice is not installed on this service. Choose another voice.",
  vault_unavailable: () =>
    "The safe for demo passwords is briefly unavailable. Nothing was saved; try again in a moment.",
} satisfies Partial<Record<ErrorCode, Sentence>>;

// The compiler refuses a key written here that a later spread would overwrite (TS2783); the loop below
// refuses a code in both spread tables.
const SENTENCES: Sentences = {
  network: () => "The service did not answer. Check that it is running and that you are online, then try again.",
  bad_answer: () =>
    "The service answered with something unexpected, perhaps from a proxy in front of it. Try again in a moment.",
  unauthorized: (d) =>
    d.reason === "invalid_credentials"
      ? "That email address and password do not match an account. Check both and try again."
      : "You are not signed in, or your session has ended. Sign in again.",
  rate_limited: (d) => {
    if (d.scope === "email") return `Too many sign-in attempts for this address. Try again ${until(d.resetAt)}.`;
    if (d.scope === "hour")
      return `Too many accounts were created from your network lately. Try again ${until(d.resetAt)}.`;
    return `Too many requests in a short time. Try again ${until(d.resetAt)}.`;
  },
  service_unavailable: () => "The service is busy right now. Wait a few seconds and try again.",
  validation_failed: () => "Some of what you entered cannot be accepted:",
  paid_account_required: () =>
    "API keys need paid video time: a live plan or top-up seconds. The free seconds every account starts with do not count. Ask the operator of this service to add time to your account, then try again.",
  conflict: (d) => {
    if (d.reason === "too_many_keys")
      return `This account already has ${text(d.active)} active keys, the most it may hold (${text(d.max)}). Revoke a key you no longer use, then try again.`;
    if (d.reason === "key_not_active") return "This key is no longer active, so it cannot be rotated.";
    return "This changed in the meantime. Reload the page and try again.";
  },
  not_found: () => "This no longer exists. It may have been deleted, perhaps in another tab.",
  too_many_endpoints: (d) =>
    `This account already has ${text(d.active)} active endpoints, the most it may have (${text(d.max)}). Disable or delete one first.`,
  webhook_url_invalid: (d) =>
    WEBHOOK_URL_PROBLEMS[text(d.reason)] ?? "This address cannot receive webhooks. Enter a full https:// address.",
  webhook_url_blocked: (d) =>
    d.reason === "unresolvable"
      ? `The host ${text(d.host)} could not be found. Check the address for typos.`
      : `${text(d.host) || "This host"} leads to a private or reserved network address, which the service does not send events to.`,
  webhook_host_denied: (d) =>
    `${text(d.host) || "This host"} is on this service's list of hosts that may not receive webhooks.`,
  webhook_endpoint_disabled: () => "This endpoint is disabled, so no test can be sent to it. Enable it first.",
  account_blocked: () => "This account is blocked. Contact the operator of this service.",
  account_deleted: () => "This account has been deleted.",
  account_pending_deletion: () => "This account is being deleted, so it can no longer be used.",
  forbidden_scope: () => "Your sign-in does not allow this action.",
  email_unverified: () => "Verify your email address first: open the link we mailed to you.",
  payload_too_large: () => "That is more than the service accepts in one go. Shorten it and try again.",
  idempotency_in_progress: () => "This is already under way. Wait a moment, then reload the page.",
  idempotency_conflict: DASHBOARD_FAULT,
  idempotency_key_required: DASHBOARD_FAULT,
  idempotency_key_unscoped: DASHBOARD_FAULT,
  unsupported_media_type: DASHBOARD_FAULT,
  invalid_cursor: () => "The list changed while you were paging through it. Reload to start from the top.",
  internal_error: () =>
    "Something went wrong on the service's side. Try again; if it keeps happening, give the operator the request id below.",
  queue_unavailable: () => "Part of the service is briefly unavailable. Nothing was changed; try again in a moment.",
  wallet_unavailable: () => "Part of the service is briefly unavailable. Nothing was changed; try again in a moment.",
  storage_unavailable: () => "Part of the service is briefly unavailable. Nothing was changed; try again in a moment.",
  // Walkthroughs (storyboards, renders, templates, voices)
  ...WALKTHROUGH_SENTENCES,
  // The support assistant (decision 0039): its allowances, and a conversation that ended elsewhere.
  conversation_not_found: () =>
    "This conversation no longer exists, or there is none open. Ask a question to start a new one.",
  conversation_closed: () =>
    "This conversation was closed, perhaps in another tab, so it takes no more questions. Start a new conversation to carry on.",
  assistant_conversation_full: (d) =>
    `This conversation is full: it holds ${text(d.messageCount) || "its"} of ${text(d.maxMessages) || "the"} messages it may have. Close it and start a new one to keep asking.`,
  assistant_daily_limit: (d) =>
    `You have asked the assistant ${text(d.used) || "as many"} questions today, the most it answers in a day (${text(d.limit)}). You can ask again ${until(d.resetAt)}, or send this conversation to a person.`,
  assistant_unavailable: () =>
    "The assistant cannot read its documentation right now. Nothing was counted; try again in a moment, or tell the operator of this service.",
  handoff_limit: (d) =>
    `You have sent ${text(d.limit) || "the most"} conversations to a person in the last hour, the most allowed. You can send this one ${until(d.retryAt)}.`,
  handoff_failed: () =>
    "The conversation could not be mailed to support: the mail server did not take it. Nothing was sent and the conversation is still open, so you can simply try again.",
  ...MARKETING_SENTENCES,
};

// A code in both tables would silently take the later sentence: refuse to load instead (the unit tests import this).
for (const key of Object.keys(MARKETING_SENTENCES)) {
  if (key in WALKTHROUGH_SENTENCES) throw new Error(`refusal "${key}" has a sentence in two tables`);
}

export function refusalSentence(failure: ApiFailure): string {
  const sentence: Sentence | undefined = SENTENCES[failure.code];
  return sentence ? sentence(failure.details) : failure.serviceMessage;
}

/** Field names of a validation refusal's `details.issues`, in words (`body.rateLimitPerMinute` → "Requests per minute"). */
export type FieldLabels = Record<string, string>;

/** The lines under a refusal: which field is wrong and why, or what is missing. */
export function refusalLines(failure: ApiFailure, labels: FieldLabels = {}): string[] {
  const issues = Array.isArray(failure.details.issues) ? failure.details.issues : [];
  const missing = Array.isArray(failure.details.missing) ? failure.details.missing : [];
  return [
    ...issues.map((i: { path?: unknown; message?: unknown }) => {
      const path = text(i.path);
      const field = path.replace(/^(body|query|path)\./, "");
      const label = labels[field] ?? labels[field.replace(/\[\d+\]$/, "")] ?? field;
      return `${label}: ${plainMessage(text(i.message))}`;
    }),
    ...missing.map(
      (m: { field?: unknown; message?: unknown }) => `${labels[text(m.field)] ?? text(m.field)}: ${text(m.message)}`,
    ),
  ];
}

/** Ajv's wording, said plainly. */
function plainMessage(message: string): string {
  return message
    .replace(/^must NOT have fewer than (\d+) characters?$/, "use at least $1 characters")
    .replace(/^must NOT have more than (\d+) characters?$/, "use at most $1 characters")
    .replace(/^must be >= (\d+)$/, "must be at least $1")
    .replace(/^must be <= (\d+)$/, "must be at most $1")
    .replace(/^must match format "date"$/, "must be a date")
    .replace(/^must NOT have fewer than 1 items?$/, "choose at least one");
}
