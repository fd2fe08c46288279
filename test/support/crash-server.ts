// The whole service as `clipwright serve|api|worker` runs it (src/server.ts), plus a slow scripted job
// kind and the test-only job operations, for the tests that kill or stop processes mid-run (crash,
// drain, fleet). Run: node --import tsx test/support/crash-server.ts --port P --data-dir DIR
// [--role serve|api|worker] (configuration from the environment, as the real bin).
//
// stdout carries one JSON object per line: {"ready":…} once listening, then {"step":…} per step a run
// reaches, so the test can see which runs were under way when it killed the process.
import { mkdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { defineJob, JobFailure } from "../../src/jobs/definition.js";
import { MOUNTED } from "../../src/mounted-operations.js";
import { serve, work } from "../../src/server.js";
import { JOB_TEST_OPERATIONS } from "./test-jobs.js";

/** What a slow run does: `steps` steps of `stepMs` real milliseconds each, then its outcome. */
export interface SlowScript {
  steps?: number;
  stepMs?: number;
  durationSeconds?: number;
  outcome?: "succeed" | "fail";
}

const line = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

/** A render that takes real time: a checkpoint and a progress report per step, a real sleep between. */
export const slowJob = defineJob<SlowScript>({
  kind: "walkthrough.render",
  maxAttempts: 3,
  retryDelayMs: () => 1000,
  async run({ job, input, deps, progress, checkpoint }) {
    const steps = input.steps ?? 5;
    for (let i = 0; i < steps; i++) {
      await checkpoint();
      await progress(`step-${i + 1}`, Math.floor(((i + 1) * 100) / (steps + 1)));
      line({ step: i + 1, of: steps, job: job.id, attempt: job.attempts, pid: process.pid });
      await sleep(input.stepMs ?? 200);
    }
    await checkpoint();
    if (input.outcome === "fail") throw new JobFailure("render_failed", "the script said so", false);
    const file = await deps.storage.put(`jobs/${job.id}/video.mp4`, Buffer.from(`slow video of ${job.id}`));
    return { artifacts: [{ type: "video", ...file }], durationSeconds: input.durationSeconds ?? 12.5 };
  },
});

const { values } = parseArgs({
  options: { port: { type: "string" }, "data-dir": { type: "string" }, role: { type: "string", default: "serve" } },
});
const env = { ...process.env };
if (values["data-dir"]) env.CLIPWRIGHT_DATA_DIR = values["data-dir"];
if (values.port) env.PORT = values.port;
const config = loadConfig(env);
mkdirSync(config.dataDir, { recursive: true });
// The real entry points of `clipwright serve|api|worker` (their drain on SIGTERM included), with the slow kind added.
const additions = { jobDefinitions: [slowJob], operations: [...MOUNTED, ...JOB_TEST_OPERATIONS] };
if (values.role === "worker") await work(config, additions);
else await serve(config, values.role === "api" ? "api" : "all", additions);
line({ ready: true, pid: process.pid, port: config.port, dataDir: config.dataDir, role: values.role });
