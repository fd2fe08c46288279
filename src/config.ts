import { resolve } from "node:path";
import type { RateClass } from "./operations/scopes.js";

export type Env = "development" | "test" | "production";

/** Every setting of the service, read once at start. Table with defaults: README "Configuration". */
export interface Config {
  env: Env;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  /** Hosts exempt from the private-address rules (development and test only). */
  allowPrivateHosts: string[];
  rateLimits: RateLimits;
  sessionTtlSeconds: number;
  idempotencyTtlSeconds: number;
  /** Free seconds a new sign-up gets (watermarked, never counts as paid). */
  signupFreeSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Base64 of 32 bytes; required in production (src/vault.ts). */
  vaultKey: string | undefined;
  /** Days a finished job's files are kept before the sweeper deletes them (the record stays). */
  artifactRetentionDays: number;
  /** Jobs run at once by this process's workers. */
  workerConcurrency: number;
  /** Renders and exports in flight per account (the spec's default is three of each). */
  maxInFlightPerKind: number;
  /** Hosts (or their subdomains) webhooks may never target. */
  webhookDenyHosts: string[];
  /** A receiver's budget to answer 2xx (spec: 10 s); tests shorten it. */
  webhookTimeoutMs: number;
  /** Voice previews per UTC day: per credential (key, or one bucket per account for sessions) and product-wide. */
  voicePreviewDaily: { perCaller: number; global: number };
  /** The espeak-ng program voice synthesis runs. */
  espeakBinary: string;
}

export interface RateLimits {
  perMinute: Record<RateClass, number>;
  account: number;
  unauthenticated: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMinute: { read: 600, write: 120, expensive: 20, charge: 20 },
  account: 2000,
  unauthenticated: 60,
};

export class ConfigError extends Error {}

const int = (name: string, value: string | undefined, fallback: number, min = 0): number => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
};

/** "read=6000,write=1200,account=100000,unauthenticated=60" → overrides of the spec's defaults. */
function parseRateLimits(value: string | undefined): RateLimits {
  const limits: RateLimits = structuredClone(DEFAULT_RATE_LIMITS);
  if (!value) return limits;
  for (const part of value.split(",")) {
    const [name, raw] = part.split("=").map((s) => s.trim());
    const n = int(`CLIPWRIGHT_RATE_LIMITS ${name}`, raw, Number.NaN, 1);
    if (name === "account") limits.account = n;
    else if (name === "unauthenticated") limits.unauthenticated = n;
    else if (name === "read" || name === "write" || name === "expensive" || name === "charge")
      limits.perMinute[name] = n;
    else throw new ConfigError(`CLIPWRIGHT_RATE_LIMITS: unknown class "${name}"`);
  }
  return limits;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = (env.CLIPWRIGHT_ENV ?? "development") as Env;
  if (!["development", "test", "production"].includes(mode)) {
    throw new ConfigError(`CLIPWRIGHT_ENV must be development, test or production, got "${mode}"`);
  }
  const port = int("PORT", env.PORT, 8080);
  const host = env.HOST ?? "127.0.0.1";
  const allowPrivateHosts = (env.CLIPWRIGHT_ALLOW_PRIVATE_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (mode === "production" && allowPrivateHosts.length > 0) {
    throw new ConfigError("CLIPWRIGHT_ALLOW_PRIVATE_HOSTS may only be set in development or test");
  }
  const config: Config = {
    env: mode,
    host,
    port,
    dataDir: resolve(env.CLIPWRIGHT_DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: (env.CLIPWRIGHT_PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ""),
    allowPrivateHosts,
    rateLimits: parseRateLimits(env.CLIPWRIGHT_RATE_LIMITS),
    sessionTtlSeconds: int("CLIPWRIGHT_SESSION_TTL_SECONDS", env.CLIPWRIGHT_SESSION_TTL_SECONDS, 7 * 86_400, 60),
    idempotencyTtlSeconds: 24 * 3600,
    signupFreeSeconds: int("CLIPWRIGHT_SIGNUP_FREE_SECONDS", env.CLIPWRIGHT_SIGNUP_FREE_SECONDS, 60),
    smtpUrl: env.CLIPWRIGHT_SMTP_URL || undefined,
    mailFrom: env.CLIPWRIGHT_MAIL_FROM ?? "Clipwright <no-reply@clipwright.local>",
    logLevel: env.LOG_LEVEL ?? (mode === "test" ? "silent" : "info"),
    vaultKey: env.CLIPWRIGHT_VAULT_KEY || undefined,
    artifactRetentionDays: int("CLIPWRIGHT_ARTIFACT_RETENTION_DAYS", env.CLIPWRIGHT_ARTIFACT_RETENTION_DAYS, 30, 1),
    workerConcurrency: int("CLIPWRIGHT_WORKER_CONCURRENCY", env.CLIPWRIGHT_WORKER_CONCURRENCY, 2, 1),
    maxInFlightPerKind: int("CLIPWRIGHT_MAX_IN_FLIGHT", env.CLIPWRIGHT_MAX_IN_FLIGHT, 3, 1),
    webhookDenyHosts: (env.CLIPWRIGHT_WEBHOOK_DENY_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    webhookTimeoutMs: 10_000,
    voicePreviewDaily: {
      perCaller: int("CLIPWRIGHT_VOICE_PREVIEW_DAILY", env.CLIPWRIGHT_VOICE_PREVIEW_DAILY, 50, 1),
      global: int("CLIPWRIGHT_VOICE_PREVIEW_DAILY_GLOBAL", env.CLIPWRIGHT_VOICE_PREVIEW_DAILY_GLOBAL, 5000, 1),
    },
    espeakBinary: env.CLIPWRIGHT_ESPEAK_BINARY || "espeak-ng",
  };
  return { ...config, ...overrides };
}
