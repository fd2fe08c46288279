import type { Static } from "@sinclair/typebox";
import { artifactSigner, type JobRow, toEnvelope } from "../../../jobs/envelope.js";
import { findJobByIdempotencyKey } from "../../../jobs/store.js";
import type { Answer } from "../../../operations/define.js";
import { locationOf } from "../../../operations/location.js";
import type { ExportInput } from "../../../pipelines/marketing/export/export-input.js";
import type { DomainServices } from "../../services.js";
import { type CreateExportResponse, EXPORT_KIND } from "./schemas.js";

type ExportAnswer = Answer<202 | 200, Static<typeof CreateExportResponse>>;

/** What creating an export answers: 202 for new work, 200 (`created: false`) for work already known. */
export function exportAnswer(deps: Pick<DomainServices, "storage">, job: JobRow, created: boolean): ExportAnswer {
  const input = JSON.parse(job.input) as ExportInput;
  return {
    status: created ? 202 : 200,
    body: {
      created,
      resource: toEnvelope(job, artifactSigner(deps)),
      export: {
        projectId: input.projectId,
        revision: input.revision,
        format: input.format,
        orientation: input.orientation,
        width: input.width,
        height: input.height,
        seconds: input.seconds,
      },
    },
    location: locationOf("marketing.getExport", { id: job.id }),
  };
}

/**
 * A retry whose idempotency claim has expired but whose export exists: answered 200 with that work
 * before anything is checked again (the project may be gone, the balance spent since), as renders do.
 */
export async function knownExport(
  deps: Pick<DomainServices, "db" | "storage">,
  accountId: string,
  idempotencyKey: string | null,
): Promise<ExportAnswer | null> {
  if (!idempotencyKey) return null;
  const job = await findJobByIdempotencyKey(deps.db.kysely, accountId, EXPORT_KIND, idempotencyKey);
  return job ? exportAnswer(deps, job, false) : null;
}
