import { ApiError } from "../../../contract/errors.js";
import type { SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import type { DomainServices } from "../../services.js";
import { SOURCE_KIND } from "./schemas.js";
import { readManifest, type SourceVersion, SourceVersions, versionFiles } from "./source-version.js";
import { findSourceJob, type SourceRow } from "./store.js";

/** A source version a generation or project reads: its files kept, its manifest checked. */
export interface ReadableVersion {
  source: SourceRow;
  version: SourceVersion;
  manifest: SourceManifest;
  files: ReturnType<typeof versionFiles>;
}

/**
 * The version a generation reads (the latest when none is named), refused in the order a caller can act
 * on: 404 source_not_found (unknown, another account's, or a refresh's id), 410 source_deleted,
 * 409 source_not_ready, 404 source_version_not_found, 410 source_expired / source_version_expired,
 * 422 source_unreadable when its manifest is gone or fails its schema.
 */
export async function readableVersion(
  deps: Pick<DomainServices, "db" | "storage" | "log">,
  accountId: string,
  sourceId: string,
  wanted: number | undefined,
  now: Date,
): Promise<ReadableVersion> {
  const found = await findSourceJob(deps.db.kysely, accountId, sourceId);
  if (!found || found.job.kind !== SOURCE_KIND) throw new ApiError("source_not_found", { sourceId });
  const versions = await SourceVersions.of(deps.db.kysely, found);
  const version = versions.readable(wanted ?? "latest", now);
  const read = await readManifest(deps, version);
  if (!read.ok) throw new ApiError("source_unreadable", { sourceId, version: version.version, problem: read.problem });
  return { source: found.source, version, manifest: read.manifest, files: versionFiles(version) };
}
