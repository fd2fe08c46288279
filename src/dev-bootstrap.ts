import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { iso } from "./clock.js";
import { createAccount } from "./domains/account/create-account.js";
import { findAccountByEmail } from "./domains/account/store.js";
import { createKey } from "./domains/keys/create-key.js";
import type { DomainServices } from "./domains/services.js";
import { randomBase62 } from "./ids.js";
import { GRANTABLE_SCOPES } from "./operations/scopes.js";

export const DEV_EMAIL = "dev@clipwright.local";
const DEV_KEY_NAME = "development";

interface DevCredentials {
  email: string;
  password: string;
  apiKey: string;
}

/**
 * Development only: once per data directory, a verified account with paid time and an all-scopes key,
 * kept in `<data dir>/dev-credentials.json` (mode 0600) so every start can print them again.
 */
export async function ensureDevAccount(deps: DomainServices): Promise<DevCredentials> {
  const file = join(deps.config.dataDir, "dev-credentials.json");
  if (existsSync(file) && (await findAccountByEmail(deps.db.kysely, DEV_EMAIL))) {
    return JSON.parse(readFileSync(file, "utf8")) as DevCredentials;
  }
  const password = randomBase62(20);
  let account = await findAccountByEmail(deps.db.kysely, DEV_EMAIL);
  if (account) {
    // The credentials file was lost: new password, and the old development keys stop (they were
    // only ever shown in that file), so repeated starts neither lock the person out nor pile up keys.
    const now = iso(deps.clock.now());
    await deps.db.kysely
      .updateTable("accounts")
      .set({ password_hash: await deps.passwords.hash(password), updated_at: now })
      .where("id", "=", account.id)
      .execute();
    await deps.db.kysely
      .updateTable("api_keys")
      .set({ revoked_at: now })
      .where("account_id", "=", account.id)
      .where("name", "=", DEV_KEY_NAME)
      .where("revoked_at", "is", null)
      .execute();
    deps.auth.forgetAccount(account.id);
  }
  account ??= await createAccount(deps, {
    email: DEV_EMAIL,
    password,
    name: "Developer",
    verified: true,
    planId: "pro",
    topupSeconds: 3600,
  });
  const { secret } = await createKey(deps, account.id, { name: DEV_KEY_NAME, scopes: [...GRANTABLE_SCOPES] });
  const creds = { email: DEV_EMAIL, password, apiKey: secret };
  writeFileSync(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  return creds;
}
