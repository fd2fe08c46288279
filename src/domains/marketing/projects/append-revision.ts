import { iso } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import type { CampaignDocument, Revision, RevisionOrigin } from "../../../pipelines/marketing/campaign/document.js";
import type { DomainServices } from "../../services.js";
import { revisionRow } from "./store.js";

/**
 * Stores the next revision when `expected` is still the latest: the project's `latest_revision` moves from
 * `expected` to `expected + 1` in the same transaction as the insert, by a conditional update, so of many
 * writers sending the same `expectedRevision` exactly one wins (on PostgreSQL the others wait on the row
 * and then find it moved; SQLite runs writers one at a time). The losers get 409 revision_conflict with
 * the current number; the (project, number) key backs this up.
 */
export async function appendRevision(
  deps: Pick<DomainServices, "db" | "clock">,
  projectId: string,
  expected: number,
  origin: RevisionOrigin,
  document: CampaignDocument,
): Promise<Revision> {
  const at = iso(deps.clock.now());
  const revision: Revision = { projectId, number: expected + 1, createdAt: at, origin, document };
  const won = await deps.db.kysely
    .transaction()
    .execute(async (tx) => {
      const moved = await tx
        .updateTable("marketing_projects")
        .set({ latest_revision: revision.number, updated_at: at })
        .where("id", "=", projectId)
        .where("latest_revision", "=", expected)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      await tx.insertInto("marketing_revisions").values(revisionRow(revision)).execute();
      return true;
    })
    .catch(async (err) => {
      if (await isDuplicate(deps, projectId, revision.number)) return false;
      throw err;
    });
  if (won) return revision;
  const current = await deps.db.kysely
    .selectFrom("marketing_projects")
    .select("latest_revision")
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (!current) throw new ApiError("project_not_found", { projectId });
  throw new ApiError("revision_conflict", {
    expectedRevision: expected,
    currentRevision: Number(current.latest_revision),
  });
}

/** The insert lost to another writer's revision of the same number (the key's backstop). */
async function isDuplicate(deps: Pick<DomainServices, "db">, projectId: string, number: number): Promise<boolean> {
  const row = await deps.db.kysely
    .selectFrom("marketing_revisions")
    .select("number")
    .where("project_id", "=", projectId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row !== undefined;
}

/** 400 expected_revision_required when left out; 409 revision_conflict when it is no longer the latest. */
export function expectLatest(expected: number | undefined, latest: number): number {
  if (expected === undefined) throw new ApiError("expected_revision_required", { currentRevision: latest });
  if (expected !== latest)
    throw new ApiError("revision_conflict", { expectedRevision: expected, currentRevision: latest });
  return expected;
}
