import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs a compiled SELECT outside Kysely's executor, seeing only committed data: on SQLite a second,
   * query-only connection (WAL gives it snapshot isolation from the writer's open transactions), on
   * PostgreSQL the pool. For the hot reads of src/db/precompiled.ts. Each row is an array of the
   * selected columns in order: the drivers then build no object per row, which on a list of 20 cost a
   * third of the read (better-sqlite3 sets each field through V8's API).
   */
  readRows(sql: string, parameters: readonly unknown[]): Promise<unknown[][]>;
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
    const named = namedStatements();
    return {
      kysely,
      dialect: "postgres",
      // Named: each connection parses and plans a hot read once, then only binds and runs it.
      readRows: async (text: string, parameters: readonly unknown[]) =>
        (await pool.query({ name: named(text), text, values: parameters as unknown[], rowMode: "array" }))
          .rows as unknown[][],
      close: () => kysely.destroy(),
    };
  }
  const path = opts.sqlitePath ?? ":memory:";
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // An in-memory database cannot be opened twice, so it reads through its one connection.
  const reader = path === ":memory:" ? sqlite : new SQLite(path);
  if (reader !== sqlite) {
    reader.pragma("busy_timeout = 5000");
    reader.pragma("query_only = ON");
  }
  const statements = withStatementCache(reader, true);
  return {
    kysely,
    dialect: "sqlite",
    readRows: async (text: string, parameters: readonly unknown[]) =>
      statements.prepare(text).all(...parameters) as unknown[][],
    close: async () => {
      await kysely.destroy();
      if (reader !== sqlite) reader.close();
    },
  };
}

/**
 * A name per SQL text for PostgreSQL's prepared statements (pg prepares a named statement once per
 * connection). The texts are the precompiled reads', a fixed set, so the map stays small.
 */
function namedStatements(): (text: string) => string {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name) {
      name = `cw_read_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * Kysely's SQLite driver prepares every statement anew on every query; preparing was a fifth of the
 * CPU of an authenticated request (docs/benchmarks.md). Statements are reusable, so keep them by SQL
 * text. The map is bounded: queries with varying `in (…)` lists would otherwise grow it for ever.
 */
function withStatementCache(sqlite: SQLite.Database, raw = false) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = raw ? sqlite.prepare(sql).raw(true) : sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
