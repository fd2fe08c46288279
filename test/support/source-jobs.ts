import { createHash } from "node:crypto";
import { iso } from "../../src/clock.js";
import { uuidv7 } from "../../src/ids.js";
import { defineJob, type JobDefinition, JobFailure } from "../../src/jobs/definition.js";
import type { InspectionInput } from "../../src/pipelines/marketing/input.js";
import type { Harness } from "../../src/testutil/harness.js";
import { ranJobRow } from "./job-row.js";

/** What the next source run does: succeed (a small manifest), fail as the scanner would, or wait at a gate. */
export interface SourceStep {
  outcome?: "succeed" | "unreadable";
  /** The run is `running` and held here until `release()`; `arrived` resolves once it got there. */
  hold?: boolean;
}

export interface HeldSourceRun {
  arrived: Promise<string>;
  release(): void;
}

/**
 * Test-only definitions of the two source kinds (same kinds, same event family as the catalogue's):
 * each run plays the next queued step and writes a real manifest under `sources/<id>/v<N>/`, so the
 * API's lifecycle, versions and refusals are driven without Chromium. The real scanner has its own tests.
 */
export function scriptedSources() {
  const steps: { step: SourceStep; held?: { arrive: (id: string) => void; go: Promise<void> } }[] = [];
  const inputs = new Map<string, InspectionInput>();

  const run = defineJob<InspectionInput>({
    kind: "marketing.source_scan",
    maxAttempts: 1,
    retryDelayMs: () => 1000,
    async run({ job, input, deps, checkpoint }) {
      inputs.set(job.id, input);
      const next = steps.shift();
      if (next?.held) {
        next.held.arrive(job.id);
        await next.held.go;
      }
      await checkpoint();
      if (next?.step.outcome === "unreadable") throw new JobFailure("source_unreadable", "no_usable_content", false);
      const manifest = {
        schema: "clipwright.source.v1",
        sourceId: input.sourceId,
        version: input.version,
        kind: input.kind,
        url: input.url,
        createdAt: iso(deps.clock.now()),
      };
      const file = await deps.storage.put(
        `sources/${input.sourceId}/v${input.version}/source.json`,
        Buffer.from(JSON.stringify(manifest)),
      );
      return { artifacts: [{ type: "source", ...file }], durationSeconds: null };
    },
  });
  const refresh: JobDefinition = { ...run, kind: "marketing.source_operation" };

  return {
    definitions: [run, refresh],
    /** The input each run was given, by job id. */
    inputs,
    /** Queues the next run's step (runs without one succeed). */
    next(step: SourceStep): void {
      steps.push({ step });
    },
    /** Queues a held run: it stays running until released. */
    hold(step: SourceStep = {}): HeldSourceRun {
      let arrive: (id: string) => void = () => {};
      let release: () => void = () => {};
      const arrived = new Promise<string>((resolve) => {
        arrive = resolve;
      });
      const go = new Promise<void>((resolve) => {
        release = resolve;
      });
      steps.push({ step, held: { arrive, go } });
      return { arrived, release };
    },
  };
}

/**
 * A walkthrough render row as a finished render leaves it (video, poster, captions files stored), or in
 * another state: what a render source is made from, without running Chromium.
 */
export async function seedRender(
  h: Harness,
  accountId: string,
  opts: { state?: "queued" | "running" | "succeeded" | "failed" | "cancelled"; expired?: boolean; url?: string } = {},
): Promise<string> {
  const now = h.clock.now();
  const id = uuidv7(now.getTime());
  const state = opts.state ?? "succeeded";
  let result: string | null = null;
  if (state === "succeeded") {
    const put = async (type: string, name: string) => ({
      type,
      ...(await h.deps.storage.put(`jobs/${id}/${name}`, Buffer.from(`${type} of ${id}`))),
    });
    result = JSON.stringify({
      artifacts: [
        await put("video", "video.mp4"),
        await put("poster", "poster.jpg"),
        await put("captions", "captions.vtt"),
      ],
      durationSeconds: 20,
    });
  }
  await h.deps.db.kysely
    .insertInto("jobs")
    .values(
      ranJobRow({
        id,
        accountId,
        kind: "walkthrough.render",
        state,
        at: iso(now),
        result,
        input: { source: "url", url: opts.url ?? "https://shop.example/" },
        failedWith: "render_failed",
        expired: opts.expired ?? false,
        expiresAt: state === "succeeded" ? iso(new Date(now.getTime() + 30 * 86_400_000)) : null,
      }),
    )
    .execute();
  return id;
}

/** What an account has in the tables a source writes: a refusal must leave these unchanged. */
export async function sourceFootprint(h: Harness, accountId: string) {
  const count = async (table: "jobs" | "marketing_sources" | "marketing_source_inspections") =>
    Number(
      (
        await h.deps.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("account_id", "=", accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    jobs: await count("jobs"),
    sources: await count("marketing_sources"),
    inspections: await count("marketing_source_inspections"),
  };
}

export const sha256 = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
