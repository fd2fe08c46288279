// The database a benchmark server runs on: a fresh data dir, and with BENCH_DB=postgres a fresh
// PostgreSQL schema of its own (dropped again by cleanup()), so runs never see each other's rows.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface BenchDatabase {
  usePostgres: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  cleanup(): Promise<void>;
}

async function admin(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(dirPrefix: string): Promise<BenchDatabase> {
  const usePostgres = process.env.BENCH_DB === "postgres";
  const databaseUrl = usePostgres ? process.env.DATABASE_URL : undefined;
  if (usePostgres && !databaseUrl) throw new Error("BENCH_DB=postgres needs DATABASE_URL");
  const dataDir = mkdtempSync(join(tmpdir(), dirPrefix));
  const pgSchema = databaseUrl ? `bench_${Date.now()}_${randomBytes(4).toString("hex")}` : undefined;
  if (databaseUrl && pgSchema) await admin(databaseUrl, `create schema ${pgSchema}`);
  return {
    usePostgres,
    dataDir,
    databaseUrl,
    pgSchema,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && pgSchema) await admin(databaseUrl, `drop schema ${pgSchema} cascade`);
    },
  };
}

/**
 * On SIGTERM or SIGINT: `close` the server, drop the database (`cleanup`) whatever happened, and exit
 * normally, so `--cpu-prof` writes its profile.
 */
export function stopOnSignal(close: () => Promise<void>, cleanup: () => Promise<void>): void {
  const stop = async () => {
    try {
      await close();
    } finally {
      await cleanup();
    }
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
