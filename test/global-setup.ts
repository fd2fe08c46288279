// Vitest global setup: runs once before any test file (see vitest.config.ts).
// Kept light on purpose. With DATABASE_URL set, it makes sure the test database exists and drops the
// per-test schemas (`t_…`) that interrupted runs left behind.
import pg from "pg";

const STALE_SCHEMAS = String.raw`SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\_%' ORDER BY nspname`;
// Test schemas carry their creation time (`t_<epoch ms>_…`, `t_cli_<epoch ms>_…`). Only those older than
// any test run could last are dropped: a run started by someone else may still be using the young ones.
const STALE_AFTER_MS = 60 * 60_000;
const createdAt = (schema: string): number | null => {
  const m = /^t_(?:[a-z]+_)?(\d{13})_/.exec(schema);
  return m ? Number(m[1]) : null;
};

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  return client;
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = await connect(admin.toString());
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function dropLeftoverSchemas(url: string): Promise<void> {
  let client: pg.Client;
  try {
    client = await connect(url);
  } catch (err) {
    if ((err as { code?: string }).code !== "3D000") throw err; // 3D000: database does not exist
    await createDatabaseIfMissing(url);
    return; // a new database has nothing to clean
  }
  try {
    const { rows } = await client.query<{ nspname: string }>(STALE_SCHEMAS);
    for (const { nspname } of rows) {
      const born = createdAt(nspname);
      if (born === null || Date.now() - born < STALE_AFTER_MS) continue;
      await client.query(`DROP SCHEMA IF EXISTS "${nspname.replaceAll('"', '""')}" CASCADE`);
    }
  } finally {
    await client.end();
  }
}

export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  try {
    await dropLeftoverSchemas(url);
  } catch {
    // Cleanup is best effort: the tests report a database that is really unusable.
  }
}
