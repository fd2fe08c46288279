import { type Kysely, sql } from "kysely";
import { addMs, type Clock, iso } from "../../clock.js";
import { claimDue } from "../../db/claim.js";
import type { Db } from "../../db/connect.js";
import type { Database } from "../../db/schema.js";
import { uuidv7 } from "../../ids.js";
import { Poller } from "../poller.js";
import type { AfterCommit, TaskQueue } from "./queue.js";

const QUEUE = "jobs";
const LEASE_MS = 30_000;
/** How often a worker looks for due runs it was not told about (other processes, delayed runs). */
const POLL_MS = 250;

/**
 * The embedded queue: runs are rows of `tasks`, claimed with a lease that a running worker renews.
 * A process that dies leaves its leases to run out, and the next worker takes the rows again, so
 * work survives a restart. Due times are read from the injected clock.
 */
export class EmbeddedQueue implements TaskQueue {
  readonly driver = "embedded";
  private handler: ((ref: string) => Promise<void>) | undefined;
  private concurrency = 0;
  private readonly active = new Set<Promise<void>>();
  private readonly poller = new Poller(() => this.claimAndStart(), POLL_MS);
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async enqueue(tx: Kysely<Database>, ref: string, runAt: Date): Promise<AfterCommit> {
    await tx
      .insertInto("tasks")
      .values({
        id: uuidv7(),
        queue: QUEUE,
        ref,
        run_at: iso(runAt),
        lease_until: null,
        attempts: 0,
        created_at: iso(this.clock.now()),
      })
      .execute();
    return async () => this.poller.wake();
  }

  async remove(ref: string): Promise<boolean> {
    const r = await this.db.kysely
      .deleteFrom("tasks")
      .where("queue", "=", QUEUE)
      .where("ref", "=", ref)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", iso(this.clock.now()))]))
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  process(concurrency: number, handler: (ref: string) => Promise<void>): void {
    this.closed = false; // workers may stop and start again on the same queue
    this.handler = handler;
    this.concurrency = concurrency;
    this.poller.start();
  }

  async drain(): Promise<void> {
    for (;;) {
      await this.poller.runOnce();
      if (this.active.size === 0 && !(await this.hasDue())) return;
      await Promise.race(this.active);
    }
  }

  async stopProcessing(): Promise<void> {
    this.closed = true;
    await this.poller.stop();
    await Promise.allSettled(this.active);
  }

  async close(): Promise<void> {
    await this.stopProcessing();
  }

  /** One pass: claim what is due into free slots and start it (the poller never overlaps passes). */
  private async claimAndStart(): Promise<void> {
    const free = this.concurrency - this.active.size;
    if (!this.handler || free <= 0 || this.closed) return;
    const now = this.clock.now();
    const ids = await claimDue(this.db.kysely, this.db.dialect, {
      table: "tasks",
      dueColumn: "run_at",
      where: sql`queue = ${QUEUE}`,
      now: iso(now),
      leaseUntil: iso(addMs(now, LEASE_MS)),
      limit: free,
    });
    if (ids.length === 0) return;
    const tasks = await this.db.kysely.selectFrom("tasks").select(["id", "ref"]).where("id", "in", ids).execute();
    for (const task of tasks) this.start(task.id, task.ref);
  }

  private start(taskId: string, ref: string): void {
    const renew = setInterval(() => {
      void this.db.kysely
        .updateTable("tasks")
        .set({ lease_until: iso(addMs(this.clock.now(), LEASE_MS)) })
        .where("id", "=", taskId)
        .execute()
        .catch(() => undefined);
    }, LEASE_MS / 3);
    renew.unref();
    const run: Promise<void> = (this.handler as (ref: string) => Promise<void>)(ref)
      .catch(() => undefined) // the handler settles its job itself; a throw here is a bug, not a retry
      .then(async () => {
        await this.db.kysely.deleteFrom("tasks").where("id", "=", taskId).execute();
      })
      .catch(() => undefined)
      .finally(() => {
        clearInterval(renew);
        this.active.delete(run);
        this.poller.wake();
      });
    this.active.add(run);
  }

  private async hasDue(): Promise<boolean> {
    const now = iso(this.clock.now());
    const row = await this.db.kysely
      .selectFrom("tasks")
      .select("id")
      .where("queue", "=", QUEUE)
      .where("run_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
