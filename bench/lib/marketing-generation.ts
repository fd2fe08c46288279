// A marketing generation as a client makes one: POST …/preflight, POST /marketing/generations, then the
// job run to success (the embedded runner in the benchmark's process), its progress stages read from the
// jobs table as the job reports them. Wall time is the preflight's start to the poller seeing success.
import type { Harness } from "../../src/testutil/harness.js";
import type { ApiClient } from "./api-client.js";
import { BenchError } from "./load.js";

export const GENERATION_POLL_MS = 20;

export interface GenerationRequest {
  sourceId: string;
  templateId: string;
  seconds: number;
}

export interface GenerationRound {
  id: string;
  wallMs: number;
  preflightMs: number;
  createMs: number;
  /** Each stage the poller saw, with when it first saw it (ms from the preflight's start). */
  stages: [string, number][];
}

export async function generateOnce(h: Harness, api: ApiClient, request: GenerationRequest): Promise<GenerationRound> {
  const started = performance.now();
  const preflight = await api.expect(200, "POST", "/marketing/generations/preflight", request);
  if (!preflight.body.ready) throw new BenchError(`preflight is not ready: ${JSON.stringify(preflight.body.missing)}`);
  const created = await api.expect(202, "POST", "/marketing/generations", request);
  const id = created.body.id as string;
  const stages: [string, number][] = [["queued", performance.now() - started]];
  for (;;) {
    const row = await h.deps.db.kysely
      .selectFrom("jobs")
      .select(["state", "progress_stage", "error_code", "error_reason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (row.state === "succeeded") break;
    if (row.state !== "queued" && row.state !== "running")
      throw new BenchError(`generation ${row.state}: ${row.error_code} ${row.error_reason}`);
    const stage = row.progress_stage ?? row.state;
    if (stages.at(-1)?.[0] !== stage) stages.push([stage, performance.now() - started]);
    await new Promise((r) => setTimeout(r, GENERATION_POLL_MS));
  }
  return { id, wallMs: performance.now() - started, preflightMs: preflight.ms, createMs: created.ms, stages };
}

/** How long each stage lasted: from when it was first seen to when the next was (or success). */
export function stageSpans(round: GenerationRound): Map<string, number> {
  const spans = new Map<string, number>();
  round.stages.forEach(([stage, at], i) => {
    const end = round.stages[i + 1]?.[1] ?? round.wallMs;
    spans.set(stage, (spans.get(stage) ?? 0) + end - at);
  });
  return spans;
}
