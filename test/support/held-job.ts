import type { JobDefinition } from "../../src/jobs/definition.js";

export interface HeldRun {
  /** Resolves with the job's id once its run has been taken (the job is running) and is held. */
  running: Promise<string>;
  /** Lets the held run go on into the real definition. */
  release(): void;
}

/**
 * A real job definition with a pause a test can put before its next run: the run is taken (the job
 * is `running`) and waits there until the test releases it, so "while it runs" is a state the test
 * reaches by an event rather than by polling and hoping the run is still going.
 */
export function holdable(def: JobDefinition): { definition: JobDefinition; holdNext(): HeldRun } {
  let next: { arrive: (jobId: string) => void; go: Promise<void> } | undefined;
  const definition: JobDefinition = {
    ...def,
    async run(ctx) {
      const hold = next;
      if (hold) {
        next = undefined;
        hold.arrive(ctx.job.id);
        await hold.go;
      }
      return def.run(ctx);
    },
  };
  return {
    definition,
    holdNext() {
      let arrive: (jobId: string) => void = () => {};
      let release: () => void = () => {};
      const running = new Promise<string>((resolve) => {
        arrive = resolve;
      });
      const go = new Promise<void>((resolve) => {
        release = resolve;
      });
      next = { arrive, go };
      return { running, release };
    },
  };
}
