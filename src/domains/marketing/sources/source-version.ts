import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import type { Transaction } from "kysely";
import { iso } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import type { Database } from "../../../db/schema.js";
import type { JobRow, StoredResult } from "../../../jobs/envelope.js";
import { SOURCE_MANIFEST_SCHEMA, type SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import { getStored } from "../../../storage/storage.js";
import type { DomainServices } from "../../services.js";
import type { Db, SourceJob } from "./store.js";

/**
 * Which version of a source: the one place that answers it (decisions 0025, 0030). Version N is the
 * inspection numbered N whose job succeeded — the source's own job makes 1, each succeeded refresh the
 * next — so versions are read from marketing_source_inspections and jobs, never stored apart, and a
 * version's envelope and files never change once its job settled.
 *
 * Pins (a project holding its version, pins.ts) keep the sweeper's rule (src/jobs/sweeper.ts):
 * a pin clears its version's `expires_at` only while the job's `artifacts_expired` is still 0.
 */

/** A source's first inspection makes version 1. */
export const FIRST_VERSION = 1;

/** One succeeded version of a source: its number and the settled job that made it. */
export interface SourceVersion {
  sourceId: string;
  version: number;
  job: JobRow;
}

/** A version's files are still kept: not swept, and not past its expiry (null while pinned). */
const isRetained = (job: JobRow, now: Date): boolean =>
  job.artifacts_expired === 0 && (job.expires_at === null || job.expires_at > iso(now));

/** A source's succeeded versions, oldest first, whatever job kind made each. */
async function succeededVersions(db: Db, sourceId: string): Promise<SourceVersion[]> {
  const rows = await db
    .selectFrom("marketing_source_inspections as i")
    .innerJoin("jobs", "jobs.id", "i.job_id")
    .selectAll("jobs")
    .select("i.version as source_version")
    .where("i.source_id", "=", sourceId)
    .where("jobs.state", "=", "succeeded")
    .orderBy("i.version", "asc")
    .execute();
  return rows.map(({ source_version, ...job }) => ({ sourceId, version: Number(source_version), job: job as JobRow }));
}

/** A source's versions and the refusals that follow from them, each answered here and nowhere else. */
export class SourceVersions {
  private constructor(
    private readonly found: SourceJob,
    /** Oldest first. */
    private readonly all: readonly SourceVersion[],
  ) {}

  /**
   * The versions of the source `found` names by its own id (a refresh's id names a refresh, not a source:
   * each caller refuses it in its own words first). A deleted source has none: 410 source_deleted.
   */
  static async of(db: Db, found: SourceJob): Promise<SourceVersions> {
    if (found.job.id !== found.source.id) throw new Error("SourceVersions.of needs the source's own job");
    if (found.source.deleted_at !== null) throw new ApiError("source_deleted", { sourceId: found.source.id });
    return new SourceVersions(found, await succeededVersions(db, found.source.id));
  }

  /** The latest; 409 source_not_ready (with the source's own state) before any version succeeded. */
  latest(): SourceVersion {
    const latest = this.all.at(-1);
    if (!latest) throw new ApiError("source_not_ready", { state: this.found.job.state });
    return latest;
  }

  /**
   * `latest` or a number, as `?version=` names it, retained or not (an expired version still answers its
   * envelope): 404 source_version_not_found beyond the latest, `latestVersion` null before any version.
   */
  named(wanted: number | "latest"): SourceVersion {
    if (wanted === "latest") return this.latest();
    const hit = this.all.find((v) => v.version === wanted);
    if (hit) return hit;
    throw new ApiError("source_version_not_found", {
      version: wanted,
      latestVersion: this.all.at(-1)?.version ?? null,
    });
  }

  /**
   * A version whose files can be read (a brand kit's logo), `latest` when none is named. Refused in
   * decision 0025's order: 409 source_not_ready, 410 source_expired (no version kept),
   * 404 source_version_not_found, 410 source_version_expired (naming the versions still kept).
   */
  readable(wanted: number | "latest", now: Date): SourceVersion {
    const retainedVersions = this.retainedOrRefuse(now);
    const chosen = this.named(wanted);
    if (!retainedVersions.includes(chosen.version))
      throw new ApiError("source_version_expired", { version: chosen.version, retainedVersions });
    return chosen;
  }

  /**
   * The version a refresh makes, the latest + 1: 409 source_not_ready before any, 410 source_expired
   * when no version is kept (a refresh cannot revive a source), 409 source_version_mismatch when
   * `expectedVersion` is given and no longer the latest.
   */
  next(now: Date, expectedVersion?: number): { version: number; previousVersion: number } {
    this.retainedOrRefuse(now);
    const latest = this.latest().version;
    if (expectedVersion !== undefined && expectedVersion !== latest)
      throw new ApiError("source_version_mismatch", { expectedVersion, latestVersion: latest });
    return { version: latest + 1, previousVersion: latest };
  }

  /** The numbers of the versions still kept; refuses a source with none (not ready, or expired). */
  private retainedOrRefuse(now: Date): number[] {
    this.latest();
    const retained = this.all.filter((v) => isRetained(v.job, now)).map((v) => v.version);
    if (retained.length === 0) throw new ApiError("source_expired", { sourceId: this.found.source.id });
    return retained;
  }
}

/**
 * Deleting a source: every inspection's files are due now, pinned versions' included (deleting wins over
 * pinning), so the sweeper's next round removes them; the stored inputs lose the address and the pins go.
 */
export async function expireEveryVersion(tx: Transaction<Database>, sourceId: string, at: string): Promise<void> {
  const jobIds = tx.selectFrom("marketing_source_inspections").select("job_id").where("source_id", "=", sourceId);
  await tx.updateTable("jobs").set({ expires_at: at, input: "{}", updated_at: at }).where("id", "in", jobIds).execute();
  await tx.deleteFrom("source_version_pins").where("source_id", "=", sourceId).execute();
}

/** What a version's job stored: the `source` manifest and each retained asset, by storage key and sha256. */
export const versionFiles = (v: SourceVersion): StoredResult["artifacts"] =>
  v.job.result ? (JSON.parse(v.job.result) as StoredResult).artifacts : [];

/**
 * A version's manifest as read back: checked against its published schema, or why it cannot be used —
 * `missing` (no `source` file listed, or its file is gone) or `invalid` (not JSON, or not the schema).
 */
export type ManifestRead = { ok: true; manifest: SourceManifest } | { ok: false; problem: "missing" | "invalid" };

// The request validator (http/validation.ts) is not reused: its rules for what a caller sends (no lone
// surrogate, no U+0000) are not the manifest's, whose page text may be cut between a surrogate pair.
const isManifest = addFormats
  .default(new Ajv({ strict: true, allErrors: true }))
  .compile<SourceManifest>(SOURCE_MANIFEST_SCHEMA);

/**
 * Reads a version's manifest and checks it against SOURCE_MANIFEST_SCHEMA. A stored manifest that fails
 * the schema was written wrongly (or changed at rest): an internal error, logged here with where it
 * failed, and answered as unusable like a missing one, since a caller cannot read anything from it.
 */
export async function readManifest(
  deps: Pick<DomainServices, "storage" | "log">,
  v: SourceVersion,
): Promise<ManifestRead> {
  const file = versionFiles(v).find((a) => a.type === "source");
  const bytes = file && (await getStored(deps.storage, file.key));
  if (!bytes) return { ok: false, problem: "missing" };
  const json = parseJson(bytes);
  if (json && isManifest(json.value)) return { ok: true, manifest: json.value };
  const issues = json
    ? (isManifest.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`)
    : ["not JSON"];
  deps.log.error(
    { sourceId: v.sourceId, version: v.version, jobId: v.job.id, issues },
    "a source version's manifest fails its schema",
  );
  return { ok: false, problem: "invalid" };
}

function parseJson(bytes: Buffer): { value: unknown } | null {
  try {
    return { value: JSON.parse(bytes.toString("utf8")) };
  } catch {
    return null;
  }
}
