// Helpers for tests that run the real bin (bin/clipwright.js) as a child process.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BIN = join(ROOT, "bin", "clipwright.js");

/**
 * A clean environment for the child: only what a shell would pass, plus `extra`. Nothing of the test
 * runner's own settings (DATABASE_URL, REDIS_URL, CLIPWRIGHT_*, PORT, NODE_OPTIONS) leaks in.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG", "TZ"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

export interface CliResult {
  /** Exit code; null when the process was killed by a signal (a timeout). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/clipwright.js …args` to completion. Never rejects: the exit code is in the result. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: ROOT, env, timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 4 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : null) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** A verified account on the Starter plan (1,800 s) and an all-scopes API key, made through the real CLI. */
export async function cliAccountWithKey(
  env: NodeJS.ProcessEnv,
  label: string,
): Promise<{ email: string; accountId: string; token: string }> {
  const email = `${label}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
  const made = await runCli(
    ["admin", "create-account", "--email", email, "--password", "correct horse battery", "--verified"].concat([
      "--plan",
      "starter",
      "--json",
    ]),
    env,
  );
  if (made.code !== 0) throw new Error(`admin create-account exited ${made.code}: ${made.stderr}`);
  const keyed = await runCli(
    ["admin", "create-key", "--email", email, "--name", label, "--scopes", "all", "--json"],
    env,
  );
  if (keyed.code !== 0) throw new Error(`admin create-key exited ${keyed.code}: ${keyed.stderr}`);
  const { accountId } = JSON.parse(made.stdout) as { accountId: string };
  return { email, accountId, token: (JSON.parse(keyed.stdout) as { secret: string }).secret };
}

export interface PgSchema {
  /** DATABASE_URL whose connections use only this schema (search_path through `options`). */
  url: string;
  name: string;
  /** Names of the tables in this schema. */
  tables(): Promise<string[]>;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL schema `t_…` and a connection string pointing at it. node-postgres passes the
 * `options` URL parameter to the server as the startup `options`, so `-c search_path=…` applies to
 * every pooled connection of the CLI and of buildApp.
 *
 * The client that created the schema stays connected until drop(): test/global-setup.ts drops every
 * `t_…` schema when it sees no other client on the database, and between two CLI runs this test holds
 * no connection of its own, so another test run starting at that moment would drop the schema under it.
 */
export async function freshPgSchema(baseUrl: string): Promise<PgSchema> {
  const name = `t_cli_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: baseUrl });
  client.on("error", () => {}); // a dropped idle connection must not crash the test worker; drop() reports it
  await client.connect();
  try {
    await client.query(`create schema ${name}`);
  } catch (err) {
    await client.end();
    throw err;
  }
  const url = `${baseUrl}${baseUrl.includes("?") ? "&" : "?"}options=-c%20search_path%3D${name}`;
  return {
    url,
    name,
    async tables() {
      const { rows } = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = $1 order by table_name",
        [name],
      );
      return rows.map((r) => r.table_name);
    },
    async drop() {
      try {
        await client.query(`drop schema if exists ${name} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
