import type { Kysely } from "kysely";
import { iso } from "../../clock.js";
import type { Database } from "../../db/schema.js";
import { uuidv7 } from "../../ids.js";
import { type ArtifactUrlSigner, signArtifactsAtRest } from "../../jobs/envelope.js";
import type { JobEventSink } from "../../jobs/ports.js";

/**
 * Records an event and a first delivery attempt for every active endpoint of the account that
 * subscribed to its type — inside the caller's transaction, so an event exists if and only if the
 * state change that caused it committed (the outbox). The dispatcher sends what is due.
 * Returns the event id and how many deliveries were queued.
 *
 * `data` is stored as given. Job events give the envelope at rest (toEnvelopeAtRest: artifacts by storage
 * key, no signed URL, so webhook_events holds nothing that grants access to files); the dispatcher turns
 * it into the body receivers get with bodyToSend, at each attempt.
 */
export async function emitEvent(
  tx: Kysely<Database>,
  accountId: string,
  type: string,
  data: unknown,
  now: Date,
  onlyEndpointId?: string,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const eventId = uuidv7(now.getTime());
  const t = iso(now);
  const body = JSON.stringify({ id: eventId, type, createdAt: t, apiVersion: "v1", data });
  await tx
    .insertInto("webhook_events")
    .values({ id: eventId, account_id: accountId, type, body, created_at: t })
    .execute();

  const endpoints = await tx
    .selectFrom("webhook_endpoints")
    .select(["id", "events"])
    .where("account_id", "=", accountId)
    .where("status", "=", "active")
    .$if(onlyEndpointId !== undefined, (q) => q.where("id", "=", onlyEndpointId as string))
    .execute();
  const targets = onlyEndpointId
    ? endpoints
    : endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(type));
  const deliveryIds: string[] = [];
  for (const endpoint of targets) {
    const id = uuidv7(now.getTime());
    deliveryIds.push(id);
    await tx
      .insertInto("webhook_deliveries")
      .values({
        id,
        endpoint_id: endpoint.id,
        account_id: accountId,
        event_id: eventId,
        event_type: type,
        attempt: 1,
        status: "pending",
        response_status: null,
        response_ms: null,
        last_error: null,
        next_attempt_at: t,
        due_at: t,
        lease_until: null,
        delivered_at: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
  }
  return { eventId, deliveryIds };
}

/**
 * The bytes an attempt sends for an event stored as `stored`: artifacts held at rest by key are signed
 * now (so their URLs are valid for the full TTL from this send, whichever attempt it is), giving the
 * envelope exactly as GET answers it. A body with nothing to sign (webhook.test, failed or cancelled
 * jobs, events stored with signed URLs before keys were stored) is sent byte for byte as stored.
 */
export function bodyToSend(stored: string, signUrl: ArtifactUrlSigner): string {
  const event = JSON.parse(stored) as { data?: unknown };
  return signArtifactsAtRest(event.data, signUrl) ? JSON.stringify(event) : stored;
}

/** The outbox as the job engine's event sink: app.ts hands it to the engine (JobServices.jobEvents). */
export const webhookJobEvents: JobEventSink = {
  async emit(tx, accountId, type, data, now) {
    await emitEvent(tx, accountId, type, data, now);
  },
};
