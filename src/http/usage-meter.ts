import { type Kysely, sql } from "kysely";
import { utcDay } from "../clock.js";
import type { Database } from "../db/schema.js";
import type { Actor } from "../operations/actor.js";
import type { OperationId } from "../operations/registry.js";
import type { RateClass } from "../operations/scopes.js";

/** Counters written by one upsert (6 values each: far below either database's limit on parameters). */
const FLUSH_ROWS = 500;

/**
 * Counts each counted request per credential, UTC day and operation. Counts gather in memory and are
 * written as upserts at most every `flushMs` (a write per request would halve throughput); GET /usage
 * flushes first, so a caller always reads its own requests (docs/decisions/0006-usage-counting.md).
 */
export class UsageMeter {
  private pending = new Map<
    string,
    { credentialId: string; accountId: string; day: string; op: string; cls: RateClass; n: number }
  >();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs = 1000,
  ) {}

  /** The UTC day being counted, kept until it ends: formatting a date per request showed in profiles. */
  private day = { start: 0, end: 0, text: "" };

  record(actor: Actor, operationId: OperationId, rateClass: RateClass, now: Date): void {
    const t = now.getTime();
    if (t < this.day.start || t >= this.day.end) {
      const text = utcDay(now);
      const start = Date.parse(`${text}T00:00:00.000Z`);
      this.day = { start, end: start + 86_400_000, text };
    }
    const day = this.day.text;
    const k = `${actor.credentialId}|${day}|${operationId}`;
    const entry = this.pending.get(k);
    if (entry) entry.n += 1;
    else
      this.pending.set(k, {
        credentialId: actor.credentialId,
        accountId: actor.accountId,
        day,
        op: operationId,
        cls: rateClass,
        n: 1,
      });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.flushMs).unref();
  }

  /** Writes what has gathered. Serialised, so two flushes never race on the same rows. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      // One statement per FLUSH_ROWS counters, not one per counter: a busy second's counts cost a round trip.
      for (let i = 0; i < batch.length; i += FLUSH_ROWS) {
        await this.db
          .insertInto("usage_counts")
          .values(
            batch.slice(i, i + FLUSH_ROWS).map((e) => ({
              credential_id: e.credentialId,
              account_id: e.accountId,
              day: e.day,
              operation_id: e.op,
              rate_class: e.cls,
              count: e.n,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(["credential_id", "day", "operation_id"])
              .doUpdateSet({ count: sql`usage_counts.count + excluded.count` }),
          )
          .execute();
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
