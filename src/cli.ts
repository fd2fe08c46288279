import { join } from "node:path";
import { parseArgs } from "node:util";
import { systemClock } from "./clock.js";
import { ConfigError, loadConfig } from "./config.js";
import { ApiError } from "./contract/errors.js";
import { connectDb } from "./db/connect.js";
import { migrateToLatest } from "./db/migrate.js";
import { createAccount } from "./domains/account/create-account.js";
import { findAccountByEmail, markEmailVerified } from "./domains/account/store.js";
import { CredentialLookup } from "./domains/auth/credential-lookup.js";
import { PasswordHasher } from "./domains/auth/password-hasher.js";
import { createKey } from "./domains/keys/create-key.js";
import { CreateKeyBody } from "./domains/keys/schemas.js";
import { grantPlan, topUp } from "./domains/wallet/grants.js";
import { Authenticator } from "./http/authenticate.js";
import { compileValidator, validateParts } from "./http/validation.js";
import { GRANTABLE_SCOPES } from "./operations/scopes.js";

const USAGE = `clipwright — self-hostable video generation service

  clipwright serve [--port P]      the whole service in one process (npm start)
  clipwright api [--port P]        API process only (scale-out)
  clipwright worker                job runs, webhook deliveries, retention (scale-out)
  clipwright migrate               bring the database schema up to date
  clipwright mcp                   MCP server on stdio; key in CLIPWRIGHT_API_KEY; CLIPWRIGHT_URL to use a
                                  running service (else one runs in this process on the data dir)
  clipwright admin create-account --email E --password P [--name N] [--verified]
                                  [--plan PLAN_ID] [--topup-seconds N] [--free-seconds N] [--json]
  clipwright admin grant --email E [--plan PLAN_ID] [--topup-seconds N]
  clipwright admin verify --email E
  clipwright admin create-key --email E --name N --scopes a,b|all [--rate-per-minute N]
                                  [--rate-per-day N] [--json]

Shared options: --data-dir DIR (or CLIPWRIGHT_DATA_DIR); DATABASE_URL, REDIS_URL, CLIPWRIGHT_ENV.`;

function parseCommandLine() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (err) {
    return fail(`${(err as Error).message}\n\n${USAGE}`);
  }
}

const OPTIONS = {
  port: { type: "string" },
  "data-dir": { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
  name: { type: "string" },
  verified: { type: "boolean" },
  plan: { type: "string" },
  "topup-seconds": { type: "string" },
  "free-seconds": { type: "string" },
  scopes: { type: "string" },
  "rate-per-minute": { type: "string" },
  "rate-per-day": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values: flags, positionals } = parseCommandLine();

const need = (name: keyof typeof flags): string => {
  const v = flags[name];
  if (typeof v !== "string" || v === "") fail(`--${name} is required\n\n${USAGE}`);
  return v;
};
const count = (name: keyof typeof flags): number | undefined => {
  const v = flags[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number`);
  return n;
};

async function main(): Promise<void> {
  const [command, sub] = positionals;
  if (flags.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const env = { ...process.env };
  if (flags["data-dir"]) env.CLIPWRIGHT_DATA_DIR = flags["data-dir"];
  if (flags.port) env.PORT = flags.port;
  const config = loadConfig(env);
  if (command === "serve" || command === "api" || command === "worker") {
    // Loaded only here: the admin commands need none of the web stack.
    const { serve, work } = await import("./server.js");
    return command === "worker" ? work(config) : serve(config, command === "serve" ? "all" : "api");
  }
  if (command === "mcp") {
    const { runStdio } = await import("./mcp/stdio.js");
    return runStdio(config);
  }

  const db = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: join(config.dataDir, "clipwright.sqlite") });
  try {
    const applied = await migrateToLatest(db);
    if (command === "migrate") {
      process.stdout.write(applied.length ? `applied: ${applied.join(", ")}\n` : "schema is up to date\n");
      return;
    }
    if (command !== "admin") fail(`unknown command "${command}"\n\n${USAGE}`);
    const deps = {
      db,
      clock: systemClock,
      auth: new Authenticator(new CredentialLookup(db.kysely), systemClock),
      passwords: new PasswordHasher(config.passwordHashing),
    };
    const out = (json: unknown, text: string): void =>
      void process.stdout.write(flags.json ? `${JSON.stringify(json)}\n` : `${text}\n`);
    const account = async () =>
      (await findAccountByEmail(db.kysely, need("email"))) ?? fail("no account with that email");

    switch (sub) {
      case "create-account": {
        const a = await createAccount(deps, {
          email: need("email"),
          password: need("password"),
          name: flags.name,
          verified: flags.verified ?? false,
          planId: flags.plan,
          topupSeconds: count("topup-seconds"),
          freeSeconds: count("free-seconds"),
        });
        return out({ accountId: a.id }, `created account ${a.id} (${a.email})`);
      }
      case "grant": {
        const a = await account();
        if (flags.plan) await grantPlan(deps, a.id, flags.plan);
        const topup = count("topup-seconds");
        if (topup) await topUp(deps, a.id, topup);
        if (!flags.plan && !topup) fail("grant needs --plan and/or --topup-seconds");
        return out({ accountId: a.id }, `granted to ${a.email}`);
      }
      case "verify": {
        const a = await account();
        await markEmailVerified(db.kysely, a.id, new Date().toISOString());
        return out({ accountId: a.id }, `verified ${a.email}`);
      }
      case "create-key": {
        const a = await account();
        const scopes =
          need("scopes") === "all"
            ? [...GRANTABLE_SCOPES]
            : need("scopes")
                .split(",")
                .map((s) => s.trim());
        const input = {
          name: need("name"),
          scopes,
          rateLimitPerMinute: count("rate-per-minute") ?? null,
          rateLimitPerDay: count("rate-per-day") ?? null,
        };
        // The same schema that validates POST /keys.
        validateParts([[compileValidator("body", CreateKeyBody), input]]);
        const result = await createKey(deps, a.id, input);
        return out(result, result.secret);
      }
      default:
        fail(`unknown admin command "${sub ?? ""}"\n\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) fail(`configuration: ${err.message}`);
  if (err instanceof ApiError) fail(`refused: ${err.code} ${JSON.stringify(err.details ?? {})}`);
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
