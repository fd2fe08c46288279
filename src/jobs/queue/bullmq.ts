import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Clock } from "../../clock.js";
import type { AfterCommit, TaskQueue } from "./queue.js";

const QUEUE = "clipwright-jobs";

/**
 * Job runs on BullMQ (scale-out): `clipwright api` processes add, `clipwright worker` processes take.
 * A run is added once its job row has committed; a run whose process dies is taken again by BullMQ's
 * stalled-job check. The BullMQ job id is the job's id (a retry gets a suffix), so a cancel can find it.
 */
export class BullQueue implements TaskQueue {
  readonly driver = "bullmq";
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | undefined;

  constructor(
    redisUrl: string,
    private readonly clock: Clock,
    private readonly prefix = "cw",
  ) {
    // BullMQ needs blocking commands to wait forever, so no per-request retry limit on this connection.
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(QUEUE, { connection: this.connection, prefix });
  }

  async enqueue(_tx: unknown, ref: string, runAt: Date, runKey?: string): Promise<AfterCommit> {
    return async () => {
      await this.queue.add(
        "run",
        { ref },
        {
          // A retry is added while the first run still holds its BullMQ job: it needs an id of its own.
          jobId: runKey ? `${ref}.${runKey}` : ref,
          delay: Math.max(0, runAt.getTime() - this.clock.now().getTime()),
          removeOnComplete: true,
          removeOnFail: 1000,
        },
      );
    };
  }

  async remove(ref: string): Promise<boolean> {
    // BullMQ's own remove answers 1 even for a job it does not hold, so look first: only a run that
    // is still waiting (or delayed) can be taken out; an active one belongs to a worker.
    const job = await this.queue.getJob(ref);
    const state = job ? await job.getState() : "unknown";
    if (state !== "waiting" && state !== "delayed" && state !== "prioritized") return false;
    return (await this.queue.remove(ref)) === 1;
  }

  process(concurrency: number, handler: (ref: string) => Promise<void>): void {
    this.worker = new Worker(QUEUE, async (job) => handler((job.data as { ref: string }).ref), {
      connection: new Redis(this.connection.options),
      prefix: this.prefix,
      concurrency,
    });
  }

  async drain(): Promise<void> {
    for (;;) {
      const counts = await this.queue.getJobCounts("waiting", "active", "delayed", "prioritized");
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stopProcessing(): Promise<void> {
    // BullMQ's close stops fetching at once and waits for the runs this worker holds.
    await this.worker?.close();
    this.worker = undefined;
  }

  async close(): Promise<void> {
    await this.stopProcessing();
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
