import { type Static, Type } from "@sinclair/typebox";
import type { Kysely } from "kysely";
import { addMs, iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import type { Database } from "../../db/schema.js";
import { inspectUrl, LOGIN_URL_MAX, loginPolicy } from "../../net/guard.js";
import { exactOrigin } from "../../pipelines/walkthrough/login-origins.js";
import type { DomainServices } from "../services.js";
import { loginUrlError } from "./url-errors.js";

/** Demo credentials as a run uses them (the sealed JSON). */
export interface WalkthroughCredentials {
  loginUrl: string;
  username: string;
  password: string;
  additionalLoginOrigins: string[];
}

/**
 * Spec, Limits: stored credentials are deleted at most two hours after last use. They stop being
 * readable at 1 h 55 min and the sweeper (every minute) deletes them, so the two hours always hold.
 */
export const CREDENTIALS_TTL_MS = 115 * 60_000;
/** Spec, Limits: up to five additional login origins. */
export const MAX_LOGIN_ORIGINS = 5;

/**
 * The spec's `credentials` block (POST /storyboards/{id}/renders; POST /storyboards and POST /renders
 * take the same). `loginUrl` is optional in the schema and the origin list has no schema bound of 5 so
 * that their own codes (login_url_required, login_origins_invalid) answer instead of validation_failed.
 */
export const CredentialsBody = Type.Object(
  {
    loginUrl: Type.Optional(
      Type.String({
        maxLength: LOGIN_URL_MAX,
        description:
          "The sign-in page: https, checked like a site address, any origin (login_url_required when absent).",
      }),
    ),
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 200, writeOnly: true }),
    additionalLoginOrigins: Type.Optional(
      Type.Array(Type.String({ maxLength: 2048 }), {
        maxItems: 64,
        description:
          "Up to 5 exact https origins the sign-in may pass through (an identity provider); nothing else is approved (login_origins_invalid).",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Demo credentials for a site behind a sign-in. Kept encrypted for the storyboard session and deleted at most two hours after last use; never returned.",
  },
);
export type CredentialsInput = Static<typeof CredentialsBody>;

type GuardDeps = Pick<DomainServices, "config" | "resolver">;

/** One additional origin: exactly an origin (scheme, host, port; no path), fetchable under the login rules. */
async function checkOrigin(deps: GuardDeps, raw: string): Promise<string | null> {
  const origin = exactOrigin(raw);
  if (origin === null) return null;
  const verdict = await inspectUrl(`${origin}/`, loginPolicy(deps.config), deps.resolver);
  return verdict.ok ? origin : null;
}

/** The block checked (login_url_required, login_url_invalid, login_origins_invalid), ready to seal. */
export async function checkCredentials(deps: GuardDeps, block: CredentialsInput): Promise<WalkthroughCredentials> {
  if (block.loginUrl === undefined || block.loginUrl.trim() === "") throw new ApiError("login_url_required");
  const verdict = await inspectUrl(block.loginUrl, loginPolicy(deps.config), deps.resolver);
  if (!verdict.ok) throw loginUrlError(verdict);
  const raw = block.additionalLoginOrigins ?? [];
  if (raw.length > MAX_LOGIN_ORIGINS) {
    throw new ApiError("login_origins_invalid", { reason: "too_many", max: MAX_LOGIN_ORIGINS });
  }
  const origins: string[] = [];
  for (const [index, value] of raw.entries()) {
    const origin = await checkOrigin(deps, value);
    if (!origin) throw new ApiError("login_origins_invalid", { reason: "not_an_allowed_origin", index });
    if (!origins.includes(origin)) origins.push(origin);
  }
  return {
    loginUrl: verdict.url.href,
    username: block.username,
    password: block.password,
    additionalLoginOrigins: origins,
  };
}

/** Seals with the vault; a vault that cannot seal is a 503 (nothing created). */
export function sealCredentials(deps: Pick<DomainServices, "vault">, creds: WalkthroughCredentials): string {
  try {
    return deps.vault.seal(JSON.stringify(creds));
  } catch {
    throw new ApiError("vault_unavailable", undefined, { "Retry-After": "2" });
  }
}

/** Stores (or replaces) the sealed credentials of a storyboard or render, inside the caller's transaction. */
export async function storeCredentials(
  tx: Kysely<Database>,
  row: { ownerId: string; accountId: string; sealed: string },
  now: Date,
): Promise<void> {
  const t = iso(now);
  const deleteAfter = iso(addMs(now, CREDENTIALS_TTL_MS));
  await tx
    .insertInto("walkthrough_credentials")
    .values({
      owner_id: row.ownerId,
      account_id: row.accountId,
      sealed: row.sealed,
      created_at: t,
      last_used_at: t,
      delete_after: deleteAfter,
    })
    .onConflict((oc) =>
      oc.column("owner_id").doUpdateSet({ sealed: row.sealed, last_used_at: t, delete_after: deleteAfter }),
    )
    .execute();
}

/** Whether live (not yet deletable) credentials are stored for this owner. */
export async function hasLiveCredentials(db: Kysely<Database>, ownerId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("walkthrough_credentials")
    .select("owner_id")
    .where("owner_id", "=", ownerId)
    .where("delete_after", ">", iso(now))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Opens the credentials for a run and counts it as a use (the two hours start again). Past
 * `delete_after` they are gone even if the sweeper has not run yet.
 */
export async function useCredentials(
  deps: Pick<DomainServices, "db" | "vault" | "clock">,
  ownerId: string,
): Promise<WalkthroughCredentials | null> {
  const now = deps.clock.now();
  const row = await deps.db.kysely
    .selectFrom("walkthrough_credentials")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .where("delete_after", ">", iso(now))
    .executeTakeFirst();
  if (!row) return null;
  await deps.db.kysely
    .updateTable("walkthrough_credentials")
    .set({ last_used_at: iso(now), delete_after: iso(addMs(now, CREDENTIALS_TTL_MS)) })
    .where("owner_id", "=", ownerId)
    .execute();
  return JSON.parse(deps.vault.open(row.sealed)) as WalkthroughCredentials;
}

/** Deletes every credential past its two hours. Returns how many rows went. */
export async function sweepCredentials(deps: Pick<DomainServices, "db" | "clock">): Promise<number> {
  const gone = await deps.db.kysely
    .deleteFrom("walkthrough_credentials")
    .where("delete_after", "<=", iso(deps.clock.now()))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
