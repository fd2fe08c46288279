import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, MarketingProjectsTable, MarketingRevisionsTable } from "../../../db/schema.js";
import type { CampaignDocument, Revision, RevisionOrigin } from "../../../pipelines/marketing/campaign/document.js";

export type Db = Kysely<Database> | Transaction<Database>;
export type ProjectRow = Selectable<MarketingProjectsTable>;
type RevisionRow = Selectable<MarketingRevisionsTable>;

export const projectSummary = (row: ProjectRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  generationId: row.generation_id,
  sourceId: row.source_id,
  sourceVersion: Number(row.source_version),
  templateId: row.template_id,
  latestRevision: Number(row.latest_revision),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const revisionOf = (row: RevisionRow): Revision => ({
  projectId: row.project_id,
  number: Number(row.number),
  createdAt: row.created_at,
  origin: JSON.parse(row.origin) as RevisionOrigin,
  document: JSON.parse(row.document) as CampaignDocument,
});

/** Undefined for an unknown id or another account's. */
export async function findProject(db: Db, accountId: string, id: string): Promise<ProjectRow | undefined> {
  return db
    .selectFrom("marketing_projects")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
}

export async function findRevision(db: Db, projectId: string, number: number): Promise<Revision | undefined> {
  const row = await db
    .selectFrom("marketing_revisions")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row ? revisionOf(row) : undefined;
}

/** One page of a project's revisions in ascending number, after `afterNumber`. */
export async function revisionsAfter(
  db: Db,
  projectId: string,
  afterNumber: number,
  limit: number,
): Promise<Revision[]> {
  const rows = await db
    .selectFrom("marketing_revisions")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("number", ">", afterNumber)
    .orderBy("number", "asc")
    .limit(limit)
    .execute();
  return rows.map(revisionOf);
}

export const revisionRow = (r: Revision) => ({
  project_id: r.projectId,
  number: r.number,
  origin: JSON.stringify(r.origin),
  document: JSON.stringify(r.document),
  created_at: r.createdAt,
});

/**
 * Every revision's document of a project in one query, each parsed when first read: a revert or an undo
 * reads one, the rest stay text.
 */
export async function revisionDocuments(db: Db, projectId: string) {
  const rows = await db
    .selectFrom("marketing_revisions")
    .select(["number", "document"])
    .where("project_id", "=", projectId)
    .execute();
  const text = new Map(rows.map((r) => [Number(r.number), r.document]));
  const parsed = new Map<number, CampaignDocument>();
  return {
    has: (n: number) => text.has(n),
    read(n: number): CampaignDocument | null {
      const known = parsed.get(n);
      if (known) return known;
      const raw = text.get(n);
      if (raw === undefined) return null;
      const doc = JSON.parse(raw) as CampaignDocument;
      parsed.set(n, doc);
      return doc;
    },
  };
}
