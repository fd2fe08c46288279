import type { ApiFailure, Details } from "./failure";
import type { DocumentedRefusal, ErrorCode } from "./openapi-types";

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
};

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
