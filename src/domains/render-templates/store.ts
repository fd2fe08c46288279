import type { Static } from "@sinclair/typebox";
import type { Kysely, Selectable } from "kysely";
import type { Database, RenderTemplatesTable } from "../../db/schema.js";
import { isMintedId } from "../../ids.js";
import type { TemplateOptions, TemplateSchema } from "./schemas.js";

export type TemplateRow = Selectable<RenderTemplatesTable>;

export async function insertTemplate(db: Kysely<Database>, row: TemplateRow): Promise<void> {
  await db.insertInto("render_templates").values(row).execute();
}

/** The account's saved template, or undefined (another account's, a system id or a malformed id). */
export async function findTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  if (!isMintedId(id)) return undefined;
  return db
    .selectFrom("render_templates")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function countTemplates(db: Kysely<Database>, accountId: string): Promise<number> {
  const r = await db
    .selectFrom("render_templates")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const templateOptionsOf = (row: Pick<TemplateRow, "options">): TemplateOptions =>
  JSON.parse(row.options) as TemplateOptions;

export function templateView(row: TemplateRow): Static<typeof TemplateSchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    options: templateOptionsOf(row),
    system: false,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
