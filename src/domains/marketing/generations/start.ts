import { createJob } from "../../../jobs/create.js";
import type { JobRow } from "../../../jobs/envelope.js";
import type { GenerationInput } from "../../../pipelines/marketing/generate/generation-input.js";
import type { DomainServices } from "../../services.js";
import { checkGenerationBudget } from "./budget.js";
import { GENERATION_KIND } from "./schemas.js";

interface Request {
  accountId: string;
  idempotencyKey: string | null;
  requestId: string | null;
  /** Hash of the request (compared when the same key comes back after its claim expired). */
  requestHash: string;
}

/**
 * Creates the generation's job and its row in one transaction behind the account lock: the day's
 * allowance is counted first, and a refusal rolls everything back. A generation reserves no seconds.
 */
export async function startGeneration(
  deps: Pick<DomainServices, "db" | "clock" | "queue" | "secondsLedger" | "config">,
  req: Request,
  input: GenerationInput,
): Promise<{ job: JobRow; created: boolean }> {
  return createJob(deps, {
    accountId: req.accountId,
    kind: GENERATION_KIND,
    input,
    reserveSeconds: 0,
    watermark: false,
    idempotencyKey: req.idempotencyKey,
    requestId: req.requestId,
    onCreate: async (tx, job) => {
      await checkGenerationBudget(tx, job, deps.config.generationDailyAllowance, deps.clock.now());
      await tx
        .insertInto("marketing_generations")
        .values({
          job_id: job.id,
          account_id: req.accountId,
          source_id: input.source.id,
          source_version: input.source.version,
          template_id: input.template.id,
          request_hash: req.requestHash,
          created_at: job.created_at,
        })
        .execute();
    },
  });
}
