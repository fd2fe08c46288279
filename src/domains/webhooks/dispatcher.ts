import { sql } from "kysely";
import { addMs, iso } from "../../clock.js";
import type { Config } from "../../config.js";
import { uuidv7 } from "../../ids.js";
import { artifactSigner } from "../../jobs/envelope.js";
import { Poller } from "../../jobs/poller.js";
import { deliveryBlockedReason, inspectUrl, webhookPolicy } from "../../net/guard.js";
import { deliveryHeaders } from "../../webhooks/signature.js";
import type { DomainServices } from "../services.js";
import { bodyToSend } from "./emit.js";
import { DISABLE_AFTER_FAILURES, lastError, MAX_ATTEMPTS, nextAttempt, RESPONSE_BUDGET_MS } from "./schedule.js";
import { claimDueDeliveries, failPendingDeliveries } from "./store.js";

const LEASE_MS = RESPONSE_BUDGET_MS + 20_000;
const POLL_MS = 200;

/**
 * Sends due delivery attempts. The deliveries table is the queue (in both topologies): attempts are
 * claimed with a lease, so a pending attempt survives a restart and two workers never send the same
 * one. Each attempt re-checks the URL, connects to the address that was checked, signs at send time,
 * and records the outcome; a failure schedules the next attempt or, after 20 in a row, disables the
 * endpoint. Slots are shared out between accounts (see claimDueDeliveries): one account's slow
 * receiver holds at most its share of them.
 */
export class WebhookDispatcher {
  private readonly active = new Set<Promise<void>>();
  /** Attempts in flight by account, for each account's share of the slots. */
  private readonly inFlight = new Map<string, number>();
  private readonly poller = new Poller(
    () => this.claimAndSend(),
    POLL_MS,
    (err) => this.deps.log.error({ err }, "claiming deliveries failed"),
  );
  private closed = false;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly deps: DomainServices,
    private readonly slots: Config["webhookSlots"] = deps.config.webhookSlots,
  ) {}

  /** Polls, and also answers the app's wake-up for deliveries (Deps.wake) until closed. */
  start(): void {
    this.closed = false;
    this.stopListening ??= this.deps.wake.deliveries.listen(() => this.wake());
    this.poller.start();
  }

  wake(): void {
    this.poller.wake();
  }

  /** Tests: returns once nothing is due and nothing is in flight. */
  async drain(): Promise<void> {
    for (;;) {
      await this.poller.runOnce();
      if (this.active.size === 0 && !(await this.hasDue())) return;
      if (this.active.size > 0) await Promise.race(this.active);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening?.();
    this.stopListening = undefined;
    await this.poller.stop();
    await Promise.allSettled(this.active);
  }

  private async claimAndSend(): Promise<void> {
    const free = this.slots.total - this.active.size;
    if (free <= 0 || this.closed) return;
    const now = this.deps.clock.now();
    const claimed = await claimDueDeliveries(this.deps.db.kysely, {
      now: iso(now),
      leaseUntil: iso(addMs(now, LEASE_MS)),
      free,
      perAccount: this.slots.perAccount,
      inFlight: this.inFlight,
    });
    for (const { id, account_id: account } of claimed) {
      this.inFlight.set(account, (this.inFlight.get(account) ?? 0) + 1);
      const run: Promise<void> = this.attempt(id)
        .catch((err) => this.deps.log.error({ err, deliveryId: id }, "delivery attempt failed unexpectedly"))
        .finally(() => {
          this.active.delete(run);
          const left = (this.inFlight.get(account) ?? 1) - 1;
          if (left > 0) this.inFlight.set(account, left);
          else this.inFlight.delete(account);
          this.wake();
        });
      this.active.add(run);
    }
  }

  private async hasDue(): Promise<boolean> {
    const now = iso(this.deps.clock.now());
    const row = await this.deps.db.kysely
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("status", "=", "pending")
      .where("due_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One attempt of one delivery, from check to record. */
  private async attempt(id: string): Promise<void> {
    const { db, clock, config, resolver, vault, pinnedAgents } = this.deps;
    const row = await db.kysely
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .innerJoin("webhook_events as v", "v.id", "d.event_id")
      .select([
        "d.id",
        "d.account_id",
        "d.endpoint_id",
        "d.event_id",
        "d.event_type",
        "d.attempt",
        "d.status",
        "e.url",
        "e.status as endpoint_status",
        "e.secret_sealed",
        "v.body",
      ])
      .where("d.id", "=", id)
      .executeTakeFirst();
    if (row?.status !== "pending") return;
    if (row.endpoint_status !== "active") {
      await this.record(row, { ok: false, error: "endpoint_disabled", final: true, streak: false });
      return;
    }
    const verdict = await inspectUrl(row.url, webhookPolicy(config, config.webhookDenyHosts), resolver);
    if (!verdict.ok) {
      // The target stopped resolving publicly: settled at once as failed, and it counts toward the streak.
      await this.record(row, { ok: false, error: deliveryBlockedReason(verdict), final: true, streak: true });
      return;
    }
    // Artifact URLs are signed here, per attempt (the event stores keys: see emitEvent), and the HMAC is
    // computed over exactly these bytes.
    const body = bodyToSend(row.body, artifactSigner(this.deps));
    const headers = deliveryHeaders({
      secret: vault.open(row.secret_sealed),
      eventId: row.event_id,
      eventType: row.event_type,
      deliveryId: row.id,
      attempt: row.attempt,
      timestampSeconds: Math.floor(clock.now().getTime() / 1000),
      rawBody: body,
    });
    const result = await pinnedAgents.post({ url: verdict.url, addresses: verdict.addresses }, body, headers, {
      timeoutMs: config.webhookTimeoutMs,
    });
    if ("status" in result && result.status >= 200 && result.status < 300) {
      await this.record(row, { ok: true, status: result.status, ms: result.ms });
    } else if ("status" in result) {
      await this.record(row, {
        ok: false,
        status: result.status,
        ms: result.ms,
        error: `HTTP ${result.status}`,
        final: false,
        streak: true,
      });
    } else {
      await this.record(row, { ok: false, ms: result.ms, error: result.error, final: false, streak: true });
    }
  }

  private async record(
    d: { id: string; account_id: string; endpoint_id: string; event_id: string; event_type: string; attempt: number },
    outcome:
      | { ok: true; status: number; ms: number }
      | { ok: false; status?: number; ms?: number; error: string; final: boolean; streak: boolean },
  ): Promise<void> {
    const now = this.deps.clock.now();
    const t = iso(now);
    this.deps.metrics.deliveries.inc({ outcome: outcome.ok ? "succeeded" : "failed" });
    await this.deps.db.kysely.transaction().execute(async (tx) => {
      // The endpoint row is locked before any delivery row, as PATCH and DELETE do: a disable settling the
      // pending deliveries then never waits on a delivery row held by a transaction that waits on the
      // endpoint (on PostgreSQL that was a "deadlock detected" abort, leaving the attempt to be resent).
      if (outcome.ok) {
        await tx
          .updateTable("webhook_endpoints")
          .set({ failure_streak: 0, last_delivery_at: t, updated_at: t })
          .where("id", "=", d.endpoint_id)
          .execute();
        await tx
          .updateTable("webhook_deliveries")
          .set({
            status: "succeeded",
            response_status: outcome.status,
            response_ms: Math.round(outcome.ms),
            last_error: null,
            next_attempt_at: null,
            delivered_at: t,
            lease_until: null,
            updated_at: t,
          })
          .where("id", "=", d.id)
          .execute();
        return;
      }
      const endpoint = outcome.streak
        ? await tx
            .updateTable("webhook_endpoints")
            .set({ failure_streak: sql`failure_streak + 1`, last_delivery_at: t, updated_at: t })
            .where("id", "=", d.endpoint_id)
            .returning(["failure_streak", "status"])
            .executeTakeFirst()
        : undefined;
      const disabled = endpoint?.status === "active" && endpoint.failure_streak >= DISABLE_AFTER_FAILURES;
      // An attempt still in flight when its endpoint was disabled (or deleted) schedules no other: the
      // disable settled everything pending for it, and nothing is sent while it is disabled.
      const retry =
        !outcome.final &&
        d.attempt < MAX_ATTEMPTS &&
        endpoint !== undefined &&
        endpoint.status === "active" &&
        !disabled;
      const next = retry ? nextAttempt(d.attempt, now.getTime()) : null;
      await tx
        .updateTable("webhook_deliveries")
        .set({
          status: "failed",
          response_status: outcome.status ?? null,
          response_ms: outcome.ms === undefined ? null : Math.round(outcome.ms),
          last_error: lastError(outcome.error),
          next_attempt_at: next ? new Date(next.estimate).toISOString() : null,
          lease_until: null,
          updated_at: t,
        })
        .where("id", "=", d.id)
        .execute();
      if (disabled) {
        await tx
          .updateTable("webhook_endpoints")
          .set({ status: "disabled", disabled_at: t, disabled_reason: "consecutive_failures", updated_at: t })
          .where("id", "=", d.endpoint_id)
          .where("status", "=", "active")
          .execute();
        await failPendingDeliveries(tx, d.endpoint_id, "endpoint_disabled", now);
      }
      if (next) {
        await tx
          .insertInto("webhook_deliveries")
          .values({
            id: uuidv7(now.getTime()),
            endpoint_id: d.endpoint_id,
            account_id: d.account_id,
            event_id: d.event_id,
            event_type: d.event_type,
            attempt: d.attempt + 1,
            status: "pending",
            response_status: null,
            response_ms: null,
            last_error: null,
            next_attempt_at: new Date(next.estimate).toISOString(),
            due_at: new Date(next.due).toISOString(),
            lease_until: null,
            delivered_at: null,
            created_at: t,
            updated_at: t,
          })
          .execute();
      }
    });
  }
}
