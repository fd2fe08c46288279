import { Type } from "@sinclair/typebox";
import { ApiError } from "../../src/contract/errors.js";
import { cancelJobAnswer } from "../../src/jobs/cancel.js";
import { createJob } from "../../src/jobs/create.js";
import { defineJob, JobFailure } from "../../src/jobs/definition.js";
import { artifactSigner, JobEnvelopeSchema, toEnvelope } from "../../src/jobs/envelope.js";
import type { JobServices } from "../../src/jobs/services.js";
import { findJob } from "../../src/jobs/store.js";
import type { MountedOperation } from "../../src/operations/define.js";
import type { OperationId, OperationRow } from "../../src/operations/registry.js";

/** What a scripted run does, step by step. */
export interface Script {
  /** Progress reports, one per step, with a checkpoint before each. */
  progress?: number[];
  outcome?: "succeed" | "fail" | "retryable" | "retryable-once" | "crash";
  durationSeconds?: number;
  /** A finer status the run reports for the envelope's internalStatus when it succeeds. */
  internalStatus?: string;
  /** Name of a gate the run waits on after its first step (a test opens it). */
  gate?: string;
}

/**
 * Gates tests open to let a scripted run go on; a run waiting on one is "running" for as long.
 * `arrived` resolves when a run reaches the gate, so a test awaits that instead of polling `reached`.
 */
export interface Gate {
  wait: Promise<void>;
  open: () => void;
  reached: boolean;
  arrived: Promise<void>;
  arrive: () => void;
}
export const gates = new Map<string, Gate>();
export function gate(name: string): Gate {
  let open = () => {};
  let arrive = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const g: Gate = { wait, open, reached: false, arrived, arrive };
  gates.set(name, g);
  return g;
}

const KIND = "walkthrough.render";

/**
 * A job kind that exists only in the tests: it plays a script (progress, a gate to hold it running,
 * an outcome) and writes a small real artifact, so every path of the engine can be driven on purpose.
 * It registers as walkthrough.render, whose pipeline is not built yet, and so emits render.* events.
 */
export const scriptedJob = defineJob<Script>({
  kind: KIND,
  maxAttempts: 3,
  retryDelayMs: () => 5000,
  async run({ job, input, deps, progress, checkpoint, signal }) {
    const steps = input.progress ?? [25, 50, 75];
    for (const [i, p] of steps.entries()) {
      await checkpoint();
      await progress(`step-${i + 1}`, p);
      const g = input.gate ? gates.get(input.gate) : undefined;
      if (i === 0 && g) {
        g.reached = true;
        g.arrive();
        // Work that can stop mid-step does when the run is aborted (a cancel seen, a hand-back).
        await Promise.race([g.wait, new Promise((stop) => signal.addEventListener("abort", stop, { once: true }))]);
      }
    }
    await checkpoint();
    if (input.outcome === "fail") throw new JobFailure("render_failed", "the script said so", false);
    if (input.outcome === "retryable") throw new JobFailure("capture_timeout", "the site was slow", true);
    if (input.outcome === "retryable-once" && job.attempts === 1)
      throw new JobFailure("capture_timeout", "first try", true);
    if (input.outcome === "crash") throw new Error("unexpected bug");
    const file = await deps.storage.put(`jobs/${job.id}/video.mp4`, Buffer.from(`fake video of ${job.id}`));
    return {
      artifacts: [{ type: "video", ...file }],
      durationSeconds: input.durationSeconds ?? 42.3,
      ...(input.internalStatus ? { internalStatus: input.internalStatus } : {}),
    };
  },
});

const row = (
  id: string,
  method: OperationRow["method"],
  path: string,
  over: Partial<OperationRow> = {},
): OperationRow => ({
  id: id as OperationId, // test rows stand outside the registry's union
  method,
  path,
  scopes: ["renders:write"],
  rateClass: "write",
  async: false,
  idempotent: false,
  dashboardOnly: false,
  verifiedEmail: false,
  paidRequired: false,
  ...over,
});

const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const Envelope = JobEnvelopeSchema;

/** Test-only operations that create, read and cancel scripted jobs through the real pipeline. */
export const JOB_TEST_OPERATIONS: MountedOperation<JobServices>[] = [
  {
    row: row("test.createJob", "POST", "/_test/jobs", { async: true, idempotent: true, rateClass: "charge" }),
    impl: {
      id: "test.createJob" as OperationId,
      summary: "Create a scripted job",
      description: "Test only.",
      body: Type.Object(
        {
          reserveSeconds: Type.Integer({ minimum: 0 }),
          script: Type.Optional(Type.Object({}, { additionalProperties: true })),
          inFlightLimit: Type.Optional(Type.Integer({ minimum: 1 })),
        },
        { additionalProperties: false },
      ),
      responses: { 202: Envelope, 200: Envelope },
      errors: ["insufficient_seconds", "too_many_in_flight", "queue_unavailable"],
      async handler({ actor, deps, body, idempotencyKey, requestId }) {
        const b = body as { reserveSeconds: number; script?: Script; inFlightLimit?: number };
        const { job, created } = await createJob(deps, {
          accountId: actor.accountId,
          kind: KIND,
          input: b.script ?? {},
          reserveSeconds: b.reserveSeconds,
          watermark: false,
          idempotencyKey,
          requestId,
          inFlightLimit: b.inFlightLimit ?? deps.config.maxInFlightPerKind,
        });
        return {
          status: created ? 202 : 200,
          body: toEnvelope(job, artifactSigner(deps)),
          location: `/api/v1/_test/jobs/${job.id}`,
        };
      },
    },
  },
  {
    row: row("test.getJob", "GET", "/_test/jobs/{id}", { scopes: ["renders:read"], rateClass: "read" }),
    impl: {
      id: "test.getJob" as OperationId,
      summary: "Read a scripted job",
      description: "Test only.",
      params: IdParams,
      responses: { 200: Envelope },
      async handler({ actor, deps, params }) {
        const job = await findJob(deps.db.kysely, actor.accountId, (params as { id: string }).id, [KIND]);
        if (!job) throw new ApiError("not_found");
        return { status: 200, body: toEnvelope(job, artifactSigner(deps)) };
      },
    },
  },
  {
    row: row("test.cancelJob", "POST", "/_test/jobs/{id}/cancel", { idempotent: true }),
    impl: {
      id: "test.cancelJob" as OperationId,
      summary: "Cancel a scripted job",
      description: "Test only.",
      params: IdParams,
      body: Type.Object({}, { additionalProperties: false }),
      responses: {
        200: Type.Object({ resource: Envelope, removedFromQueue: Type.Boolean() }, { additionalProperties: false }),
      },
      errors: ["already_settled"],
      async handler({ actor, deps, params }) {
        return {
          status: 200,
          body: await cancelJobAnswer(deps, actor.accountId, (params as { id: string }).id, [KIND]),
        };
      },
    },
  },
];
