import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Database } from "../db/schema.js";
import type { FleetReadings } from "../metrics/service-metrics.js";

/**
 * What /metrics reads from the database at scrape time. Only unfinished jobs and pending deliveries are
 * counted (the state-first indexes answer those); finished work is counted by the process that did it.
 */
export function fleetReadings(db: Kysely<Database>, clock: Clock): FleetReadings {
  return {
    async activeJobs() {
      const rows = await db
        .selectFrom("jobs")
        .select(["kind", "state", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("state", "in", ["queued", "running"])
        .groupBy(["kind", "state"])
        .execute();
      return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.n) }));
    },
    async queued() {
      const rows = await db
        .selectFrom("jobs")
        .select([
          "kind",
          (eb) => eb.fn.countAll<number | string>().as("n"),
          (eb) => eb.fn.min("created_at").as("oldest"),
        ])
        .where("state", "=", "queued")
        .groupBy("kind")
        .execute();
      const now = clock.now().getTime();
      return rows.map((r) => ({
        kind: r.kind,
        count: Number(r.n),
        oldestSeconds: Math.max(0, (now - Date.parse(String(r.oldest))) / 1000),
      }));
    },
    async pendingDeliveries() {
      const row = await db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
