import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { addMs, type Clock, iso } from "../clock.js";
import { ApiError, validationFailed } from "../contract/errors.js";
import type { Database } from "../db/schema.js";
import type { OperationId } from "../operations/registry.js";
import type { Vault } from "../vault.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** How long an in-flight claim blocks retries before it is taken as abandoned (a crashed process). */
const IN_FLIGHT_LEASE_MS = 10 * 60_000;

export interface ClaimRef {
  accountId: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  location: string | null;
}

/** 400 idempotency_key_required / validation_failed for the header itself; runs before the body is parsed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function readIdempotencyKey(headers: Record<string, string | string[] | undefined>): string {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) throw new ApiError("idempotency_key_required");
  const key = Array.isArray(value) ? (value[0] ?? "") : value;
  if (key.length < 1 || key.length > 128 || Array.isArray(value)) {
    throw validationFailed([
      { path: "header.Idempotency-Key", code: "length", message: "must be 1 to 128 characters" },
    ]);
  }
  // HTTP cannot carry control characters in a header, but an MCP tool argument can (and PostgreSQL
  // cannot store U+0000).
  if (CONTROL_CHARACTER.test(key)) {
    throw validationFailed([
      { path: "header.Idempotency-Key", code: "control_character", message: "must not contain control characters" },
    ]);
  }
  return key;
}

/**
 * The stored answer as a replay sends it. A stored refusal's body names the request that made it;
 * the replay is another request, so its error body carries this request's id (the one in X-Request-Id).
 */
export function replayBody(stored: StoredResponse, requestId: string): string {
  if (stored.status < 400) return stored.body;
  const body = JSON.parse(stored.body) as { error?: { requestId?: string | null } };
  if (!body.error) return stored.body;
  body.error.requestId = requestId;
  return JSON.stringify(body);
}

/** Same key and "same body": the operation and its merged, key-order-insensitive input. */
export function requestHash(operationId: OperationId, input: unknown): string {
  return createHash("sha256").update(operationId).update("\n").update(canonicalJson(input)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Claims per account and key (spec: Conventions, Idempotency). A claim is taken with one conditional
 * insert, so of any number of concurrent identical requests exactly one runs; the others see it in
 * flight (409) or, once it is done, replay its stored response. Claims expire after the TTL; a 5xx
 * deletes the claim so the caller can retry.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
    /**
     * Stored answers are sealed at rest: they repeat what the request returned (signed file URLs, for
     * one). One-time secrets never reach them: the pipeline stores those fields as null (oneTimeSecrets).
     */
    private readonly vault: Vault,
  ) {}

  /** Returns null when this request now holds the claim, or the stored response to replay. */
  async claim(ref: ClaimRef, operationId: OperationId, hash: string): Promise<StoredResponse | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = this.clock.now();
      const inserted = await this.db
        .insertInto("idempotency_claims")
        .values({
          account_id: ref.accountId,
          key: ref.key,
          operation_id: operationId,
          request_hash: hash,
          state: "in_flight",
          response_status: null,
          response_body: null,
          response_location: null,
          locked_until: iso(addMs(now, IN_FLIGHT_LEASE_MS)),
          created_at: iso(now),
          expires_at: iso(addMs(now, this.ttlSeconds * 1000)),
        })
        .onConflict((oc) => oc.columns(["account_id", "key"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return null;

      const row = await this.db
        .selectFrom("idempotency_claims")
        .selectAll()
        .where("account_id", "=", ref.accountId)
        .where("key", "=", ref.key)
        .executeTakeFirst();
      if (!row) continue; // released between our insert and select: try again
      const nowIso = iso(now);
      const abandoned = row.state === "in_flight" && row.locked_until <= nowIso;
      if (row.expires_at <= nowIso || abandoned) {
        // Conditional on the row we saw, so two retries cannot both delete a fresh claim.
        await this.db
          .deleteFrom("idempotency_claims")
          .where("account_id", "=", ref.accountId)
          .where("key", "=", ref.key)
          .where("created_at", "=", row.created_at)
          .execute();
        continue;
      }
      if (row.request_hash !== hash || row.operation_id !== operationId) throw new ApiError("idempotency_conflict");
      if (row.state === "in_flight") throw inProgress();
      return {
        status: row.response_status as number,
        body: this.vault.open(row.response_body as string),
        location: row.response_location,
      };
    }
    throw inProgress();
  }

  async complete(ref: ClaimRef, response: StoredResponse): Promise<void> {
    await this.db
      .updateTable("idempotency_claims")
      .set({
        state: "done",
        response_status: response.status,
        response_body: this.vault.seal(response.body),
        response_location: response.location,
      })
      .where("account_id", "=", ref.accountId)
      .where("key", "=", ref.key)
      .execute();
  }

  async release(ref: ClaimRef): Promise<void> {
    await this.db
      .deleteFrom("idempotency_claims")
      .where("account_id", "=", ref.accountId)
      .where("key", "=", ref.key)
      .execute();
  }

  /** Housekeeping: expired claims are dead weight. */
  async purgeExpired(): Promise<number> {
    const r = await this.db
      .deleteFrom("idempotency_claims")
      .where("expires_at", "<=", iso(this.clock.now()))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

const inProgress = (): ApiError => new ApiError("idempotency_in_progress", undefined, { "Retry-After": "2" });
