import { ApiError } from "../../../contract/errors.js";
import type { JobRow } from "../../../jobs/envelope.js";
import { jobAnswer } from "../../job-answer.js";
import type { DomainServices } from "../../services.js";
import type { Missing } from "./resolve.js";

/** A started (202) or already known (200) generation: its bare envelope, polled at its own id. */
export const generationAnswer = (deps: Pick<DomainServices, "storage">, job: JobRow, created: boolean) =>
  jobAnswer(deps, job, created, "marketing.getGeneration");

/**
 * What stops a generation from starting (sections story, style and sound), as the refusal of the first:
 * what is missing for the export only (the wallet) never stops a generation, which spends nothing.
 */
export function refuseMissing(missing: readonly Missing[]): void {
  const first = missing.find((m) => m.section !== "export");
  if (first) throw new ApiError(first.code, { field: first.field, reason: first.message });
}
