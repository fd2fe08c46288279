import { sql } from "kysely";
import type { Db } from "./connect.js";
import { MIGRATIONS } from "./migrations/index.js";

/**
 * Applies the migrations not yet applied, in name order, in one transaction, and returns their names.
 * Our own (not Kysely's Migrator): Kysely checks for its bookkeeping table by introspecting every
 * schema of the database, which fails when another schema is dropped meanwhile (parallel test runs,
 * shared databases). This reads only `clipwright_migrations` in the connection's own schema.
 * Concurrent starts take turns: a PostgreSQL advisory lock per schema; SQLite has one writer at a time.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return db.kysely.transaction().execute(async (tx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(tx);
    await sql`create table if not exists clipwright_migrations (name text primary key, applied_at text not null)`.execute(
      tx,
    );
    const done = new Set(
      (await sql<{ name: string }>`select name from clipwright_migrations`.execute(tx)).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of Object.keys(MIGRATIONS).sort()) {
      if (done.has(name)) continue;
      await (MIGRATIONS[name] as (typeof MIGRATIONS)[string]).up(tx as never);
      await sql`insert into clipwright_migrations (name, applied_at) values (${name}, ${new Date().toISOString()})`.execute(
        tx,
      );
      applied.push(name);
    }
    return applied;
  });
}
