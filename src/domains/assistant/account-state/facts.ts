import type { Static } from "@sinclair/typebox";
import { ERROR_CODES, type ErrorCode } from "../../../contract/error-codes.js";
import { listJobsOfKind } from "../../../jobs/list.js";
import type { OperationContext } from "../../../operations/define.js";
import { findAccountWithWallet } from "../../account/store.js";
import { listKeysOperation } from "../../keys/read-keys.js";
import type { ApiKeySchema } from "../../keys/view.js";
import type { DomainServices } from "../../services.js";
import { walletView } from "../../wallet/balance.js";
import { readWallet } from "../../wallet/movements.js";
import { listEndpoints } from "../../webhooks/read-endpoints.js";
import type { EndpointSchema } from "../../webhooks/schemas.js";
import type { AccountQuestion } from "./intent.js";

/** The request the question came in: account facts are read as the asker's own reads would read them. */
export type AskerContext = Pick<
  OperationContext<unknown, unknown, unknown, DomainServices>,
  "actor" | "deps" | "now" | "requestId"
>;

/** Lists are cut here; the answer says how many more there are. */
const LISTED = 5;

/** The answer to an account question, in plain sentences, from the asker's own account. */
export async function accountFacts(ctx: AskerContext, question: AccountQuestion): Promise<string> {
  switch (question.about) {
    case "failed_job":
      return failedJob(ctx, question.kind, question.noun);
    case "wallet":
      return wallet(ctx);
    case "webhooks":
      return webhooks(ctx);
    case "keys":
      return keys(ctx);
    case "email":
      return email(ctx);
  }
}

/** The latest failed job of the kind, through the jobs' own list (the one GET /renders and friends use). */
async function failedJob({ actor, deps, now }: AskerContext, kind: string, noun: string): Promise<string> {
  const page = await listJobsOfKind(deps, actor.accountId, kind, { limit: 1 }, now, (eb) => eb("state", "=", "failed"));
  const job = page.data[0];
  if (!job) return `None of your ${noun}s has failed.`;
  const code = job.error?.code ?? "internal_error";
  const message = code in ERROR_CODES ? ERROR_CODES[code as ErrorCode][1] : "";
  const lines = [
    `Your latest failed ${noun} (${job.id}, started ${job.createdAt}) failed with ${code}${message ? `: ${message}` : "."}`,
  ];
  if (job.error?.reason) lines.push(`Reason: ${job.error.reason}.`);
  lines.push(
    job.error?.retryable
      ? "It may work if you try again."
      : "Trying again with the same request will fail the same way: change what the error names first.",
  );
  if (job.cost.secondsReserved > 0) lines.push("The seconds it held were released; nothing was charged.");
  return lines.join(" ");
}

/** The wallet as GET /wallet reads it (a plan past its end lapses on this read, as it does there). */
async function wallet({ actor, deps, now }: AskerContext): Promise<string> {
  const w = walletView(await readWallet(deps.db.kysely, actor.accountId, now), now);
  const plan = w.planActive
    ? `Your plan is ${w.planId}${w.planExpiresAt ? `, renewing or ending at ${w.planExpiresAt}` : ""}.`
    : "You have no active plan.";
  return [
    `You have ${w.availableSeconds} seconds available: ${w.planSeconds} from your plan, ${w.paygSeconds} from top-ups and ${w.freeSeconds} free, less ${w.reservedSeconds} held by work in progress.`,
    plan,
    w.paygSeconds === 0 && !w.planActive ? "Free seconds are watermarked and do not count as paid for API keys." : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The endpoints as GET /webhooks lists them (its own operation). */
async function webhooks(ctx: AskerContext): Promise<string> {
  const answer = await listEndpoints.handler({
    ...ctx,
    params: {},
    query: { limit: 100 },
    body: {},
    idempotencyKey: null,
  });
  const endpoints = (answer.body as { data: Static<typeof EndpointSchema>[] }).data;
  if (!endpoints.length) return "You have no webhook endpoints.";
  const disabled = endpoints.filter((e) => e.status === "disabled");
  const active = endpoints.filter((e) => e.status === "active");
  const lines = [
    `You have ${endpoints.length} webhook endpoint${endpoints.length === 1 ? "" : "s"}: ${active.length} active, ${disabled.length} disabled.`,
  ];
  for (const e of disabled.slice(0, LISTED)) {
    const why = e.disabledReason === "consecutive_failures" ? "after 20 failed deliveries in a row" : "on request";
    lines.push(`Disabled ${why}${e.disabledAt ? ` at ${e.disabledAt}` : ""}: ${e.url}.`);
  }
  for (const e of active.slice(0, LISTED)) {
    lines.push(
      `Active: ${e.url}${e.failureStreak ? ` (${e.failureStreak} failed deliveries in a row; 20 disable it)` : ""}.`,
    );
  }
  const more = disabled.length + active.length - Math.min(disabled.length, LISTED) - Math.min(active.length, LISTED);
  if (more > 0) lines.push(`And ${more} more.`);
  return lines.join("\n");
}

/** The keys as GET /keys lists them (its own operation): never a secret, only prefixes. */
async function keys(ctx: AskerContext): Promise<string> {
  const answer = await listKeysOperation.handler({
    ...ctx,
    params: {},
    query: { limit: 100 },
    body: {},
    idempotencyKey: null,
  });
  const all = (answer.body as { data: Static<typeof ApiKeySchema>[] }).data;
  if (!all.length) return "You have no API keys.";
  const active = all.filter((k) => k.status === "active");
  const lines = [
    `You have ${active.length} active API key${active.length === 1 ? "" : "s"} (at most 25), and ${all.length - active.length} revoked or expired.`,
  ];
  for (const k of active.slice(0, LISTED)) {
    const ends = k.revokedAt ? `, stops at ${k.revokedAt}` : k.expires ? `, expires at the end of ${k.expires}` : "";
    lines.push(`${k.name}: ${k.prefix}…${k.last4}, scopes ${k.scopes.join(", ")}${ends}.`);
  }
  if (active.length > LISTED) lines.push(`And ${active.length - LISTED} more.`);
  return lines.join("\n");
}

async function email({ actor, deps }: AskerContext): Promise<string> {
  const found = await findAccountWithWallet(deps.db, actor.accountId);
  if (!found) return "I could not read your account.";
  return found.account.email_verified === 1
    ? `Your e-mail address ${found.account.email} is verified.`
    : `Your e-mail address ${found.account.email} is not verified yet: open the link in the verification mail. Rendering from a storyboard and exporting need a verified address.`;
}
