// Vitest global setup: runs once before any test file (see vitest.config.ts).
// Kept light on purpose. With DATABASE_URL set, it makes sure the test database exists and drops the
// per-test schemas (`t_…`) that interrupted runs left behind.
import pg from "pg";

const STALE_SCHEMAS = String.raw`SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\_%' ORDER BY nspname`;
// Another client connected to the same database may be a concurrent test run still using its schemas.
const OTHER_CLIENTS =
  "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()";

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
    const others = await client.query<{ n: number }>(OTHER_CLIENTS);
    if ((others.rows[0]?.n ?? 0) > 0) return;
    const { rows } = await client.query<{ nspname: string }>(STALE_SCHEMAS);
    for (const { nspname } of rows) {
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
