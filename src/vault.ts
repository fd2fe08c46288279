import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config.js";

/**
 * Seals secrets the service must be able to read back (webhook signing secrets, demo-site credentials)
 * with AES-256-GCM. Sealed form: "v1.<iv>.<tag>.<ciphertext>", base64url parts. A stolen database
 * without the key reveals nothing; a tampered value fails to open.
 */
export class Vault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new ConfigError("the vault key must be 32 bytes");
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** A key for another purpose (signing file URLs), derived so one configured secret serves all. */
  derive(purpose: string): Buffer {
    return createHmac("sha256", this.key).update(`clipwright:${purpose}`).digest();
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed value");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  }
}

/**
 * The key: CLIPWRIGHT_VAULT_KEY (32 bytes, base64). Production must set it; development and test
 * keep a generated one in the data directory, so a laptop install needs no setup.
 */
export function loadVault(
  env: "development" | "test" | "production",
  configured: string | undefined,
  dataDir: string,
): Vault {
  if (configured) return new Vault(Buffer.from(configured, "base64"));
  if (env === "production") throw new ConfigError("CLIPWRIGHT_VAULT_KEY is required in production (32 bytes, base64)");
  const file = join(dataDir, "vault.key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return new Vault(Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
}
