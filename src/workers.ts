import type { DomainServices } from "./domains/services.js";
import { sweepCredentials } from "./domains/storyboards/credentials.js";
import { WebhookDispatcher } from "./domains/webhooks/dispatcher.js";
import { exportCacheSweeper } from "./jobs/export-cache-sweeper.js";
import { JobRunner } from "./jobs/runner.js";
import { requeueStranded, sweepExpiredArtifacts } from "./jobs/sweeper.js";

export interface Workers {
  /** Tests: returns once no job run and no delivery attempt is due or in flight. */
  drain(): Promise<void>;
  /**
   * Stops taking runs, lets those in flight finish for `graceMs` (default: the configured grace), then
   * hands the rest back to the queue; then stops deliveries. Calls after the first share its promise.
   */
  close(graceMs?: number): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;
/**
 * After the hand-back, how long runs get to reach a step boundary. A run that does not (a step that
 * ignores its abort signal) is left to its lease, as after a crash, so the process still exits.
 */
const HAND_BACK_WAIT_MS = 15_000;

/** True when `work` settled within `ms`. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The background side of the service: job runs from the queue, webhook deliveries, artifact
 * retention, the export cache kept within its age and size (hourly), demo credentials deleted two hours
 * after last use. `clipwright serve` runs it beside the API; `clipwright worker` runs only this.
 */
export function startWorkers(deps: DomainServices): Workers {
  const runner = new JobRunner(deps);
  const dispatcher = new WebhookDispatcher(deps);
  deps.queue.process(deps.config.workerConcurrency, (jobId) => runner.execute(jobId));
  dispatcher.start();
  const sweepExportCache = exportCacheSweeper(deps);
  const sweeper = setInterval(() => {
    void sweepExpiredArtifacts(deps).catch((err) => deps.log.error({ err }, "artifact sweep failed"));
    void sweepCredentials(deps).catch((err) => deps.log.error({ err }, "credential sweep failed"));
    void sweepExportCache()
      .then((swept) => swept?.entries && deps.log.info({ ...swept }, "export cache entries swept"))
      .catch((err) => deps.log.error({ err }, "export cache sweep failed"));
    if (deps.queue.driver === "bullmq") {
      void requeueStranded(deps).catch((err) => deps.log.error({ err }, "requeue of stranded jobs failed"));
    }
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  let closing: Promise<void> | undefined;
  return {
    async drain() {
      // Jobs settle into deliveries, and deliveries never create jobs: two passes settle everything.
      for (let pass = 0; pass < 2; pass++) {
        await deps.queue.drain();
        await dispatcher.drain();
      }
    },
    close(graceMs = deps.config.drainGraceMs) {
      closing ??= (async () => {
        clearInterval(sweeper);
        const stopped = deps.queue.stopProcessing();
        if (!(await settlesWithin(stopped, graceMs))) {
          runner.handBack();
          if (!(await settlesWithin(stopped, HAND_BACK_WAIT_MS))) {
            deps.log.warn("some job runs did not stop when handed back; their leases will hand them over");
          }
        }
        await dispatcher.close();
      })();
      return closing;
    },
  };
}
