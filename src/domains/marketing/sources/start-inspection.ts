import { createJob } from "../../../jobs/create.js";
import type { JobRow } from "../../../jobs/envelope.js";
import type { InspectionInput } from "../../../pipelines/marketing/input.js";
import type { DomainServices } from "../../services.js";
import { checkOriginCap } from "./origin-cap.js";
import { SOURCE_KIND, SOURCE_REFRESH_KIND } from "./schemas.js";
import { refuseInspecting } from "./source-state.js";
import { FIRST_VERSION } from "./source-version.js";

/** A new source's first inspection (a site to scan, or a render to read) or a refresh of a known one. */
export type NewInspection =
  | { of: "source"; kind: "url"; url: string; origin: string }
  | {
      of: "source";
      kind: "render";
      url: string;
      renderId: string;
      files: Extract<InspectionInput, { kind: "render" }>["files"];
    }
  | { of: "refresh"; sourceId: string; url: string; origin: string; version: number; previousVersion: number };

interface Request {
  accountId: string;
  idempotencyKey: string | null;
  requestId: string | null;
  /** Hash of the request (compared when the same key comes back after its claim expired). */
  requestHash: string;
}

const inputOf = (spec: NewInspection, jobId: string): InspectionInput => {
  if (spec.of === "refresh")
    return {
      kind: "url",
      sourceId: spec.sourceId,
      version: spec.version,
      previousVersion: spec.previousVersion,
      url: spec.url,
    };
  if (spec.kind === "render")
    return {
      kind: "render",
      sourceId: jobId,
      version: FIRST_VERSION,
      renderId: spec.renderId,
      url: spec.url,
      files: spec.files,
    };
  return { kind: "url", sourceId: jobId, version: FIRST_VERSION, previousVersion: null, url: spec.url };
};

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Creates the inspection's job with its rows, all in the job's transaction behind the account lock:
 * a refresh checks again that nothing else inspects the source, then the origin's daily cap is counted,
 * then the source (first inspection) and the inspection rows are written. A refusal rolls everything back.
 * The version is fixed here: 1 for a source's first inspection, for a refresh the one SourceVersions.next
 * gave (latest succeeded + 1).
 */
export async function startInspection(
  deps: Pick<DomainServices, "db" | "clock" | "queue" | "secondsLedger" | "config">,
  req: Request,
  spec: NewInspection,
): Promise<{ job: JobRow; created: boolean }> {
  // Render sources visit no site: their inspection carries no origin, so the cap never counts them.
  const origin = spec.of === "refresh" || spec.kind === "url" ? spec.origin : null;
  return createJob(deps, {
    accountId: req.accountId,
    kind: spec.of === "refresh" ? SOURCE_REFRESH_KIND : SOURCE_KIND,
    input: (jobId: string) => inputOf(spec, jobId),
    // An inspection is free to the caller: the expensive rate class, the origin cap and its deadlines protect.
    reserveSeconds: 0,
    watermark: false,
    idempotencyKey: req.idempotencyKey,
    requestId: req.requestId,
    onCreate: async (tx, job) => {
      if (spec.of === "refresh") await refuseInspecting(tx, spec.sourceId, job.id);
      if (origin !== null)
        await checkOriginCap(tx, req.accountId, origin, deps.config.sourceOriginDailyCap, deps.clock.now());
      const sourceId = spec.of === "refresh" ? spec.sourceId : job.id;
      if (spec.of === "source") {
        await tx
          .insertInto("marketing_sources")
          .values({
            id: job.id,
            account_id: req.accountId,
            kind: spec.kind,
            url: spec.url,
            origin: spec.kind === "url" ? spec.origin : originOf(spec.url),
            render_id: spec.kind === "render" ? spec.renderId : null,
            deleted_at: null,
            created_at: job.created_at,
            updated_at: job.created_at,
          })
          .execute();
      }
      await tx
        .insertInto("marketing_source_inspections")
        .values({
          job_id: job.id,
          source_id: sourceId,
          account_id: req.accountId,
          version: spec.of === "refresh" ? spec.version : FIRST_VERSION,
          origin,
          request_hash: req.requestHash,
          created_at: job.created_at,
        })
        .execute();
    },
  });
}
