import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { migrationProvider } from "./migrations/index.js";
import type { Database } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… selects PostgreSQL; otherwise `sqlitePath` is used. */
  databaseUrl?: string;
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one each). */
  pgSchema?: string;
  poolSize?: number;
}

/** The one place that knows which database is underneath. Domain code only sees Kysely<Database>. */
export function connectDb(opts: DbOptions): Db {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", close: () => kysely.destroy() };
  }
  const path = opts.sqlitePath ?? ":memory:";
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours; with
  // several schemas in one database (parallel test runs) it would find another's and skip creating its
  // own. Ours is whatever the connection's search_path selects.
  const schema =
    db.dialect === "postgres"
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
