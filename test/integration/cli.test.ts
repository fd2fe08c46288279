// The CLI (`clipwright …`): the real bin as a child process, against a fresh SQLite data directory or a
// fresh PostgreSQL schema. What the admin commands did is read back through the HTTP API of an app
// built in-process on the same database (buildApp opens it from the same configuration).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { GRANTABLE_SCOPES } from "../../src/operations/scopes.js";
import { type CliResult, childEnv, freshPgSchema, type PgSchema, runCli } from "../support/cli-process.js";

const ON_POSTGRES = process.env.CLIPWRIGHT_TEST_DB === "postgres";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const KEY_FIELDS = [
  "id",
  "name",
  "prefix",
  "last4",
  "scopes",
  "status",
  "expires",
  "rateLimitPerMinute",
  "rateLimitPerDay",
  "createdAt",
  "lastUsedAt",
  "revokedAt",
];

const tag = Math.random().toString(36).slice(2, 8);
const alice = { email: `alice-${tag}@example.com`, password: "correct horse battery", name: "Alice" };
const bob = { email: `bob-${tag}@example.com`, password: "another long password" };

let dataDir: string;
let schema: PgSchema | undefined;
let dbEnv: Record<string, string>;
let built: App | undefined;

/** `clipwright …` with the shared data dir (and, on PostgreSQL, the test schema). */
const cli = (...args: string[]): Promise<CliResult> =>
  runCli([...args, "--data-dir", dataDir], childEnv({ CLIPWRIGHT_ENV: "test", ...dbEnv }));

const expectOk = (r: CliResult): string => {
  expect(r.stderr, `stderr of a command that should succeed: ${r.stderr}`).toBe("");
  expect(r.code).toBe(0);
  return r.stdout;
};
const expectRefused = (r: CliResult, message: RegExp): void => {
  expect(r.code, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).not.toBe(0);
  expect(r.code).not.toBeNull(); // exited by itself, not killed by the timeout
  expect(r.stderr).toMatch(message);
  expect(r.stdout).toBe("");
};

/** The app in this process, opened on the same database with the same configuration as the CLI. */
async function app(): Promise<App> {
  built ??= await buildApp({ config: loadConfig({ CLIPWRIGHT_ENV: "test", CLIPWRIGHT_DATA_DIR: dataDir, ...dbEnv }) });
  return built;
}

/** GET /api/v1/account with an API key, through the whole HTTP pipeline. */
async function getAccount(key: string) {
  const a = await app();
  // The CLI changed the database from another process: drop this process's short auth cache (500 ms).
  a.deps.auth.forgetAll();
  const res = await a.app.inject({
    method: "GET",
    url: "/api/v1/account",
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "cw-cli-"));
  if (ON_POSTGRES) {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error("the postgres project needs DATABASE_URL");
    schema = await freshPgSchema(base);
    dbEnv = { DATABASE_URL: schema.url };
  } else {
    dbEnv = {};
  }
});

afterAll(async () => {
  await built?.app.close();
  await schema?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`clipwright CLI (${ON_POSTGRES ? "postgres" : "sqlite"})`, () => {
  it("--help prints the usage", async () => {
    const out = expectOk(await cli("--help"));
    expect(out).toMatch(/^clipwright — /);
    for (const line of [
      "clipwright serve",
      "clipwright migrate",
      "admin create-account",
      "admin grant",
      "admin verify",
      "admin create-key",
    ]) {
      expect(out).toContain(line);
    }
  });

  it("migrate applies the migrations the first time and reports up to date the second", async () => {
    const first = expectOk(await cli("migrate"));
    expect(first).toMatch(/^applied: \S+/);
    expect(first).toContain("0001_platform");
    if (schema) {
      // Everything, the migrations' own bookkeeping included, lands in this run's schema.
      expect(await schema.tables()).toEqual(expect.arrayContaining(["accounts", "clipwright_migrations"]));
    }
    const second = expectOk(await cli("migrate"));
    expect(second).toMatch(/up to date/);
    expect(second).not.toMatch(/applied/);
  });

  let aliceId: string;
  let aliceKey: string;

  it("admin create-account --json prints exactly {accountId}", async () => {
    const out = expectOk(
      await cli(
        "admin",
        "create-account",
        "--email",
        alice.email,
        "--password",
        alice.password,
        "--name",
        alice.name,
        "--verified",
        "--plan",
        "starter",
        "--topup-seconds",
        "60",
        "--json",
      ),
    );
    expect(out.endsWith("\n")).toBe(true);
    const parsed = JSON.parse(out);
    expect(Object.keys(parsed)).toEqual(["accountId"]);
    expect(parsed.accountId).toMatch(UUID);
    expect(out).toBe(`${JSON.stringify({ accountId: parsed.accountId })}\n`);
    aliceId = parsed.accountId;
  });

  it("admin create-account refuses a taken email, an invalid email and a short password", async () => {
    const create = (email: string, password: string) =>
      cli("admin", "create-account", "--email", email, "--password", password, "--json");
    const [same, badEmail, shortPassword] = await Promise.all([
      create(alice.email, "yet another password"),
      create("not-an-email", "long enough password"),
      create(`carol-${tag}@example.com`, "short"),
    ]);
    expectRefused(same, /conflict/);
    expect(same.stderr).toMatch(/email_taken/);
    expectRefused(badEmail, /email/);
    expectRefused(shortPassword, /password/);
  });

  it("admin create-key --json prints the secret and the key", async () => {
    const out = expectOk(
      await cli(
        "admin",
        "create-key",
        "--email",
        alice.email,
        "--name",
        "ci",
        "--scopes",
        "account:read,wallet:read",
        "--json",
      ),
    );
    const parsed = JSON.parse(out);
    expect(Object.keys(parsed).sort()).toEqual(["key", "secret"]);
    const { secret, key } = parsed;
    expect(secret).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(Object.keys(key).sort()).toEqual([...KEY_FIELDS].sort());
    expect(key).toMatchObject({
      name: "ci",
      prefix: secret.slice(0, 17),
      last4: secret.slice(-4),
      scopes: ["account:read", "wallet:read"],
      status: "active",
      expires: null,
      rateLimitPerMinute: null,
      rateLimitPerDay: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(key.id).toMatch(UUID);
    expect(key.prefix).toHaveLength(17);
    expect(key.createdAt).toMatch(ISO);
    aliceKey = secret;

    // The key works, and create-account's flags all took effect.
    const res = await getAccount(aliceKey);
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ id: aliceId, email: alice.email, name: alice.name, emailVerified: true });
    expect(res.body.wallet).toMatchObject({
      planId: "starter",
      planActive: true,
      planSeconds: 1800,
      paygSeconds: 60,
      freeSeconds: 0,
    });
    expect(res.body.credential).toEqual({ kind: "api_key", apiKeyId: key.id, scopes: ["account:read", "wallet:read"] });
  });

  it("admin create-key refuses keys:manage, an unknown scope and a missing --name", async () => {
    const [manage, unknownScope, noName] = await Promise.all([
      cli(
        "admin",
        "create-key",
        "--email",
        alice.email,
        "--name",
        "x",
        "--scopes",
        "account:read,keys:manage",
        "--json",
      ),
      cli(
        "admin",
        "create-key",
        "--email",
        alice.email,
        "--name",
        "x",
        "--scopes",
        "account:read,videos:everything",
        "--json",
      ),
      cli("admin", "create-key", "--email", alice.email, "--scopes", "account:read", "--json"),
    ]);
    expectRefused(manage, /not_grantable/);
    expect(manage.stderr).toContain("scopes[1]");
    expectRefused(unknownScope, /validation_failed/);
    expect(unknownScope.stderr).toContain("scopes[1]");
    expectRefused(noName, /--name is required/);
    expect(noName.stderr).toContain("clipwright admin create-key --email E --name N"); // the usage text
  });

  let bobKey: string;

  it("admin create-key --scopes all grants the 12 grantable scopes; --rate-per-minute is stored", async () => {
    const created = JSON.parse(
      expectOk(
        await cli(
          "admin",
          "create-account",
          "--email",
          bob.email,
          "--password",
          bob.password,
          "--free-seconds",
          "30",
          "--json",
        ),
      ),
    );
    expect(created.accountId).toMatch(UUID);
    const { secret, key } = JSON.parse(
      expectOk(
        await cli(
          "admin",
          "create-key",
          "--email",
          bob.email,
          "--name",
          "everything",
          "--scopes",
          "all",
          "--rate-per-minute",
          "30",
          "--json",
        ),
      ),
    );
    expect(secret).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(key.scopes).toHaveLength(12);
    expect([...key.scopes].sort()).toEqual([...GRANTABLE_SCOPES].sort());
    expect(key.scopes).not.toContain("keys:manage");
    expect(key.scopes).not.toContain("assistant:use");
    expect(key.rateLimitPerMinute).toBe(30);
    expect(key.rateLimitPerDay).toBeNull();
    bobKey = secret;

    // Bob has only free seconds: an API key needs a live plan or top-up time.
    const unpaid = await getAccount(bobKey);
    expect(unpaid.status).toBe(403);
    expect(unpaid.body.error.code).toBe("paid_account_required");
  });

  it("admin grant --plan and --topup-seconds change the wallet", async () => {
    expect(expectOk(await cli("admin", "grant", "--email", bob.email, "--plan", "pro"))).toContain(bob.email);
    const afterPlan = await getAccount(bobKey);
    expect(afterPlan.status).toBe(200);
    expect(afterPlan.body.wallet).toMatchObject({
      planId: "pro",
      planActive: true,
      planSeconds: 7200,
      paygSeconds: 0,
      freeSeconds: 30,
    });
    expect(afterPlan.body.credential.scopes).toHaveLength(12);

    expectOk(await cli("admin", "grant", "--email", bob.email, "--topup-seconds", "120"));
    const afterTopup = await getAccount(bobKey);
    expect(afterTopup.body.wallet).toMatchObject({
      planId: "pro",
      planSeconds: 7200,
      paygSeconds: 120,
      freeSeconds: 30,
    });
    expect(afterTopup.body.wallet.availableSeconds).toBe(7200 + 120 + 30);
    expect(afterTopup.body.account.emailVerified).toBe(false);
  });

  it("admin grant refuses an unknown email and an unknown plan", async () => {
    const [unknownEmail, unknownPlan] = await Promise.all([
      cli("admin", "grant", "--email", `nobody-${tag}@example.com`, "--plan", "pro"),
      cli("admin", "grant", "--email", bob.email, "--plan", "platinum"),
    ]);
    expectRefused(unknownEmail, /no account with that email/);
    expectRefused(unknownPlan, /not_found/);
    // None of them changed Bob's wallet.
    expect((await getAccount(bobKey)).body.wallet).toMatchObject({ planId: "pro", paygSeconds: 120 });
  });

  it("admin verify marks the email verified", async () => {
    expectOk(await cli("admin", "verify", "--email", bob.email));
    const res = await getAccount(bobKey);
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ email: bob.email, emailVerified: true });
  });
});
