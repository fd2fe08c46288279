import { createHash } from "node:crypto";
import type { JobRow } from "../../../jobs/envelope.js";
import { jobAnswer } from "../../job-answer.js";
import type { DomainServices } from "../../services.js";

/** A started (202) or already known (200) inspection: its bare envelope, polled at its own id. */
export const inspectionAnswer = (deps: Pick<DomainServices, "storage">, job: JobRow, created: boolean) =>
  jobAnswer(deps, job, created, "marketing.getSource");

/**
 * "Same body" for a key whose claim expired: the operation, the path id and the body, key-order
 * insensitive. Kept with the inspection, which outlives the 24-hour claim.
 */
export function inspectionRequestHash(
  operationId: string,
  pathId: string | null,
  body: Record<string, unknown>,
): string {
  const fields = Object.keys(body)
    .filter((k) => body[k] !== undefined)
    .sort()
    .map((k) => [k, body[k]]);
  return createHash("sha256")
    .update(JSON.stringify([operationId, pathId, fields]))
    .digest("hex");
}
