import { artifactSigner, type JobEnvelope, type JobRow, toEnvelope } from "../jobs/envelope.js";
import type { Answer } from "../operations/define.js";
import { locationOf } from "../operations/location.js";
import type { OperationId } from "../operations/registry.js";
import type { DomainServices } from "./services.js";

/**
 * What a create that starts a job answers with the job's bare envelope: 202 for new work, 200 for the
 * job the Idempotency-Key already made; Location is where the job is polled (`readBy`, at its id).
 */
export const jobAnswer = (
  deps: Pick<DomainServices, "storage">,
  job: JobRow,
  created: boolean,
  readBy: OperationId,
): Answer<202 | 200, JobEnvelope> => ({
  status: created ? 202 : 200,
  body: toEnvelope(job, artifactSigner(deps)),
  location: locationOf(readBy, { id: job.id }),
});
