import type { DomainServices } from "./domains/services.js";
import { sweepCredentials } from "./domains/storyboards/credentials.js";
import { WebhookDispatcher } from "./domains/webhooks/dispatcher.js";
import { JobRunner } from "./jobs/runner.js";
import { requeueStranded, sweepExpiredArtifacts } from "./jobs/sweeper.js";

export interface Workers {
  /** Tests: returns once no job run and no delivery attempt is due or in flight. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * The background side of the service: job runs from the queue, webhook deliveries, artifact
 * retention, demo credentials deleted two hours after last use. `clipwright serve` runs it beside the API; `clipwright worker` runs only this.
 */
export function startWorkers(deps: DomainServices): Workers {
  const runner = new JobRunner(deps);
  const dispatcher = new WebhookDispatcher(deps);
  deps.queue.process(deps.config.workerConcurrency, (jobId) => runner.execute(jobId));
  dispatcher.start();
  const sweeper = setInterval(() => {
    void sweepExpiredArtifacts(deps).catch((err) => deps.log.error({ err }, "artifact sweep failed"));
    void sweepCredentials(deps).catch((err) => deps.log.error({ err }, "credential sweep failed"));
    if (deps.queue.driver === "bullmq") {
      void requeueStranded(deps).catch((err) => deps.log.error({ err }, "requeue of stranded jobs failed"));
    }
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    async drain() {
      // Jobs settle into deliveries, and deliveries never create jobs: two passes settle everything.
      for (let pass = 0; pass < 2; pass++) {
        await deps.queue.drain();
        await dispatcher.drain();
      }
    },
    async close() {
      clearInterval(sweeper);
      await dispatcher.close();
      await deps.queue.close();
    },
  };
}
