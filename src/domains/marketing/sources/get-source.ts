import { ApiError, validationFailed } from "../../../contract/errors.js";
import { artifactSigner, toEnvelope } from "../../../jobs/envelope.js";
import { ok } from "../../../operations/define.js";
import { SOURCE_MANIFEST_SCHEMA } from "../../../pipelines/marketing/source/manifest.js";
import { defineOperation } from "../../services.js";
import { GetSourceQuery, SOURCE_KIND, SourceEnvelope, SourceIdParams } from "./schemas.js";
import { refuseDeleted } from "./source-state.js";
import { SourceVersions } from "./source-version.js";
import { type Db, findSourceJob, type SourceJob } from "./store.js";

/** The job that made the asked version: `latest` or a number, on a source id only. */
async function versionJob(db: Db, found: SourceJob, version: string) {
  if (found.job.kind !== SOURCE_KIND) {
    throw validationFailed([
      { path: "query.version", code: "not_a_source", message: "applies to a source id, not a refresh's id" },
    ]);
  }
  const versions = await SourceVersions.of(db, found);
  return versions.named(version === "latest" ? "latest" : Number(version)).job;
}

export const getSourceOperation = defineOperation({
  id: "marketing.getSource",
  summary: "Read a source",
  description:
    "The envelope of the source's first inspection (kind marketing.source_scan), or of a refresh (kind marketing.source_operation) when `id` is a refresh's: a refresh is polled here too. Once succeeded, `result.artifacts` holds the `source` manifest (JSON, schema clipwright.source.v1: pages visited, brand, palette, fonts, copy blocks, claims, assets with sha256, warnings) and its files (`screenshot`, `logo`, `image`; for render sources `video`, `poster`, `still`, `captions`). `?version=N` or `?version=latest` (source ids only) answers the envelope of the job that made that version: 404 source_version_not_found beyond the latest, 409 source_not_ready for `latest` before any version succeeded. Expired versions answer 200 with `artifactsExpired: true`. A deleted source answers 410 source_deleted; another account's, 404.",
  params: SourceIdParams,
  query: GetSourceQuery,
  responses: { 200: SourceEnvelope },
  errors: ["source_deleted", "source_not_ready", "source_version_not_found"],
  // The `source` artifact's shape is part of the contract though the spec leaves artifact types open.
  components: { SourceManifest: SOURCE_MANIFEST_SCHEMA },
  async handler({ actor, deps, params, query }) {
    const found = await findSourceJob(deps.db.kysely, actor.accountId, params.id);
    if (!found) throw new ApiError("not_found");
    refuseDeleted(found.source);
    const job = query.version === undefined ? found.job : await versionJob(deps.db.kysely, found, query.version);
    return ok(toEnvelope(job, artifactSigner(deps)));
  },
});
