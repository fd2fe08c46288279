// The floor under GET /account: bare Fastify (as bare.ts) whose one route makes GET /account's database
// read (the precompiled account + wallet join) and answers its body, with none of the service's
// conventions (no credential, limits, metering, validation or headers). What the service adds on top of
// the read is the service's own cost; the ratio of this route to bare is the best GET /account could do.
//
//   BENCH_DB=sqlite|postgres   as service.ts (postgres needs DATABASE_URL)
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { connectDb } from "../../src/db/connect.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { createAccount } from "../../src/domains/account/create-account.js";
import { findAccountWithWallet } from "../../src/domains/account/store.js";
import { walletView } from "../../src/domains/wallet/balance.js";
import { benchDatabase, stopOnSignal } from "../lib/bench-db.js";

const { dataDir, databaseUrl, pgSchema, cleanup } = await benchDatabase("cw-bench-floor-");
const config = loadConfig(
  { CLIPWRIGHT_ENV: "test", CLIPWRIGHT_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  { logLevel: "silent" },
);

async function start() {
  // The service seeds the account (its own rules), then closes; the floor reads it on a connection of its own.
  const seeded = await buildApp({ config, pgSchema });
  const account = await createAccount(seeded.deps, {
    email: "bench@example.com",
    password: "bench password 123",
    verified: true,
    planId: "pro",
  });
  await seeded.app.close();
  const db = connectDb({ databaseUrl, sqlitePath: `${dataDir}/clipwright.sqlite`, pgSchema });
  await migrateToLatest(db);
  const app = Fastify({ logger: false });
  app.get("/floor", async () => {
    const found = await findAccountWithWallet(db, account.id);
    if (!found) throw new Error("the seeded account is gone");
    const now = new Date();
    return {
      account: {
        id: found.account.id,
        email: found.account.email,
        name: found.account.name,
        emailVerified: found.account.email_verified === 1,
        role: found.account.role,
        createdAt: found.account.created_at,
        deletionStatus: found.account.deletion_status,
      },
      wallet: walletView(found.wallet, now),
      credential: { kind: "api_key", apiKeyId: "01970000-0000-7000-8000-000000000001", scopes: ["account:read"] },
    };
  });
  app.addHook("onClose", () => db.close());
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

const app = await start().catch(async (err: unknown) => {
  await cleanup();
  throw err;
});
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

stopOnSignal(() => app.close(), cleanup);
