import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_MAX_RESPONSE_BYTES } from "./net/egress/byte-cap.js";
import type { RateClass } from "./operations/scopes.js";
import type { StorageSettings } from "./storage/open-storage.js";

export type Env = "development" | "test" | "production";

/** Every setting of the service, read once at start. Table with defaults: README "Configuration". */
export interface Config {
  env: Env;
  host: string;
  port: number;
  dataDir: string;
  /** Prometheus's `GET /metrics`, on a port of its own; off unless CLIPWRIGHT_METRICS_PORT is set. */
  metrics: { host: string; port: number } | null;
  /** Where finished files live (CLIPWRIGHT_STORAGE and CLIPWRIGHT_S3_*). */
  storage: StorageSettings;
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
  /**
   * The export cache's bounds (cache/marketing/, decision 0045): an entry unused this many days is
   * deleted, and past `maxBytes` (null: no budget) the least recently used go until it fits.
   */
  exportCache: { maxAgeDays: number; maxBytes: number | null };
  /** Jobs run at once by this process's workers. */
  workerConcurrency: number;
  /**
   * How long a stopping process (SIGTERM) lets its requests and job runs finish: then open connections
   * are closed and runs still going are handed back to the queue for another worker (decision 0043).
   */
  drainGraceMs: number;
  /**
   * How often a runner asks whether someone cancelled a run it holds (spec: a running job stops "a few
   * seconds later"): a run sitting in one long step, waiting for a browser slot or encoding, is
   * aborted then rather than at the step's end. Tests shorten it.
   */
  cancelWatchMs: number;
  /** Renders and exports in flight per account (the spec's default is three of each). */
  maxInFlightPerKind: number;
  /** Scans and refreshes of one origin an account may start per UTC day (decision 0025). */
  sourceOriginDailyCap: number;
  /** Marketing generations (and retries) an account may start per UTC day. */
  generationDailyAllowance: number;
  /** Hosts (or their subdomains) webhooks may never target. */
  webhookDenyHosts: string[];
  /** A receiver's budget to answer 2xx (spec: 10 s); tests shorten it. */
  webhookTimeoutMs: number;
  /** Delivery attempts this process sends at once, and how many of them one account may hold. */
  webhookSlots: { total: number; perAccount: number };
  /** How long the HTTP server waits on a client (src/http/timeouts.ts). */
  httpTimeouts: HttpTimeouts;
  /** Voice previews per UTC day: per credential (key, or one bucket per account for sessions) and product-wide. */
  voicePreviewDaily: { perCaller: number; global: number };
  /** The espeak-ng program voice synthesis runs. */
  espeakBinary: string;
  /** Festival's text2wave program, which speaks the festival voices (the default English voice). */
  text2waveBinary: string;
  /** The ffmpeg and ffprobe programs the compositor runs (names are looked up on PATH). */
  ffmpegBinaries: { ffmpeg: string; ffprobe: string };
  /** Dashboard sign-up and sign-in throttles (src/http/rate-limit/auth-throttle.ts). */
  authThrottle: AuthThrottleSettings;
  /** Argon2 work at once in this process, and how much may wait (src/domains/auth/password-hasher.ts). */
  passwordHashing: { concurrency: number; queue: number };
  /** The Chromium that records sites and how it is contained (src/media/browser/sandbox.ts). */
  browser: BrowserSettings;
  /** A marketing source scan's bounds: pages beyond the start page, and the per-page and whole-scan deadlines. */
  scan: { extraPages: number; pageTimeoutMs: number; scanTimeoutMs: number };
  /** `clipwright mcp` (src/mcp/stdio.ts): the API key its calls use, and a running service to forward to. */
  mcpStdio: McpStdioSettings;
  /** The support assistant's allowances, what it answers from and where hand-offs go (decision 0039). */
  assistant: AssistantSettings;
}

export interface AssistantSettings {
  /** Questions an account may ask per UTC day (429 assistant_daily_limit past it). */
  questionsPerDay: number;
  /** Messages (questions and answers) one conversation holds (409 assistant_conversation_full past it). */
  maxMessages: number;
  /** Hand-offs to a person an account may make in any 60 minutes (409 handoff_limit past it). */
  handoffsPerHour: number;
  /** Where a hand-off is mailed. */
  supportEmail: string;
  /** The folder holding README.md and docs/, which the answers come from (the installed package's own). */
  docsDir: string;
  /** Base URL of the published docs (a repository's blob URL); citations link there when set. */
  docsUrl: string | null;
}

/** The package's own folder: README.md and docs/ ship beside src/. */
const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

function assistantSettings(env: NodeJS.ProcessEnv): AssistantSettings {
  const supportEmail = env.CLIPWRIGHT_SUPPORT_EMAIL?.trim() || "support@clipwright.local";
  if (!/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(supportEmail)) {
    throw new ConfigError(`CLIPWRIGHT_SUPPORT_EMAIL must be one e-mail address, got "${supportEmail}"`);
  }
  const docsUrl = env.CLIPWRIGHT_DOCS_URL?.trim().replace(/\/+$/, "") || null;
  if (docsUrl !== null && !/^https?:\/\/[^\s]+$/.test(docsUrl)) {
    throw new ConfigError(`CLIPWRIGHT_DOCS_URL must be an http(s) URL, got "${docsUrl}"`);
  }
  return {
    questionsPerDay: int("CLIPWRIGHT_ASSISTANT_DAILY_QUESTIONS", env.CLIPWRIGHT_ASSISTANT_DAILY_QUESTIONS, 50, 1),
    maxMessages: int("CLIPWRIGHT_ASSISTANT_MAX_MESSAGES", env.CLIPWRIGHT_ASSISTANT_MAX_MESSAGES, 40, 2),
    handoffsPerHour: int("CLIPWRIGHT_ASSISTANT_HANDOFFS_PER_HOUR", env.CLIPWRIGHT_ASSISTANT_HANDOFFS_PER_HOUR, 3, 1),
    supportEmail,
    docsDir: resolve(env.CLIPWRIGHT_ASSISTANT_DOCS_DIR?.trim() || PACKAGE_DIR),
    docsUrl,
  };
}

export interface McpStdioSettings {
  /** Required by `clipwright mcp` (checked there: no other command needs it). */
  apiKey: string | undefined;
  /** The service's base URL or its /api/v1; unset, the service runs inside the MCP process. */
  serviceUrl: string | undefined;
}

export interface BrowserSettings {
  /** The Chromium binary (the system package's by default; playwright-core never downloads one). */
  executablePath: string;
  /** Chromium's own sandbox; production refuses to turn it off. */
  sandbox: boolean;
  /** Start Chromium as this user; for a service that runs as root. */
  runAsUser: string | null;
  /** Bytes one answer may bring a page, on the wire and decoded; past it the page is used as far as it got. */
  maxResponseBytes: number;
  /** Decoded bytes of one HTML document (a page's or a frame's); past it the document stops loading. */
  maxDocumentBytes: number;
  /** Sessions (a context and its page) open at once in a process; past it a job waits for one to close. */
  maxSessions: number;
}

const flag = (name: string, value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === "") return fallback;
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be on or off, got "${value}"`);
};

function browserSettings(env: NodeJS.ProcessEnv, mode: Env, workerConcurrency: number): BrowserSettings {
  const sandbox = flag("CLIPWRIGHT_BROWSER_SANDBOX", env.CLIPWRIGHT_BROWSER_SANDBOX, mode === "production");
  if (mode === "production" && !sandbox) {
    throw new ConfigError("CLIPWRIGHT_BROWSER_SANDBOX=off is refused in production: the browser visits hostile pages");
  }
  const user = env.CLIPWRIGHT_BROWSER_USER?.trim() || null;
  if (user !== null && !/^[a-z_][a-z0-9_-]{0,31}$/i.test(user)) {
    throw new ConfigError(`CLIPWRIGHT_BROWSER_USER must be a user name, got "${user}"`);
  }
  return {
    executablePath: env.CLIPWRIGHT_CHROMIUM || "/usr/bin/chromium",
    sandbox,
    runAsUser: user,
    maxResponseBytes: int(
      "CLIPWRIGHT_BROWSER_MAX_RESPONSE_BYTES",
      env.CLIPWRIGHT_BROWSER_MAX_RESPONSE_BYTES,
      DEFAULT_MAX_RESPONSE_BYTES,
      64 * 1024,
    ),
    maxDocumentBytes: int(
      "CLIPWRIGHT_BROWSER_MAX_DOCUMENT_BYTES",
      env.CLIPWRIGHT_BROWSER_MAX_DOCUMENT_BYTES,
      DEFAULT_MAX_DOCUMENT_BYTES,
      64 * 1024,
    ),
    // Each job holds one session at a time; the API's copy-fit check keeps one open, and one is spare.
    maxSessions: int("CLIPWRIGHT_BROWSER_MAX_SESSIONS", env.CLIPWRIGHT_BROWSER_MAX_SESSIONS, workerConcurrency + 2, 1),
  };
}

export interface AuthThrottleSettings {
  /** Sign-up requests per IP address per hour. */
  signupsPerHour: number;
  /** Failed sign-ins for one email (since the last success) before each try must wait. */
  signInFreeFailures: number;
  /** The first wait; it doubles with each further failure … */
  signInFirstLockSeconds: number;
  /** … up to this. */
  signInMaxLockSeconds: number;
}

export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this (at most requestMs). */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection with no traffic either way for this long is closed. */
  idleMs: number;
}

/**
 * 32 slots by default; one account may hold half of them, so its slow receiver cannot stall everyone
 * else's deliveries, while a single-account install still sends 16 at a time.
 */
function webhookSlots(env: NodeJS.ProcessEnv): Config["webhookSlots"] {
  const total = int("CLIPWRIGHT_WEBHOOK_CONCURRENCY", env.CLIPWRIGHT_WEBHOOK_CONCURRENCY, 32, 1);
  const perAccount = int(
    "CLIPWRIGHT_WEBHOOK_CONCURRENCY_PER_ACCOUNT",
    env.CLIPWRIGHT_WEBHOOK_CONCURRENCY_PER_ACCOUNT,
    Math.ceil(total / 2),
    1,
  );
  return { total, perAccount: Math.min(perAccount, total) };
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

const GIB = 1024 ** 3;

/** A size in GiB (decimals allowed: `0.5`), as bytes; null when unset. */
const gibibytes = (name: string, value: string | undefined): number | null => {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a number of GB above 0, got "${value}"`);
  return Math.floor(n * GIB);
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

function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const timeouts: HttpTimeouts = {
    requestMs: int("CLIPWRIGHT_REQUEST_TIMEOUT_MS", env.CLIPWRIGHT_REQUEST_TIMEOUT_MS, 30_000, 1),
    headersMs: int("CLIPWRIGHT_HEADERS_TIMEOUT_MS", env.CLIPWRIGHT_HEADERS_TIMEOUT_MS, 10_000, 1),
    keepAliveMs: int("CLIPWRIGHT_KEEP_ALIVE_TIMEOUT_MS", env.CLIPWRIGHT_KEEP_ALIVE_TIMEOUT_MS, 72_000, 1),
    idleMs: int("CLIPWRIGHT_IDLE_TIMEOUT_MS", env.CLIPWRIGHT_IDLE_TIMEOUT_MS, 60_000, 1),
  };
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError("CLIPWRIGHT_HEADERS_TIMEOUT_MS must not exceed CLIPWRIGHT_REQUEST_TIMEOUT_MS");
  }
  return timeouts;
}

/** CLIPWRIGHT_STORAGE=local|s3 and, for s3, the bucket and how to reach it (credentials: the AWS SDK's chain). */
function storageSettings(env: NodeJS.ProcessEnv): StorageSettings {
  const backend = env.CLIPWRIGHT_STORAGE?.trim() || "local";
  if (backend === "local") return { backend: "local" };
  if (backend !== "s3") throw new ConfigError(`CLIPWRIGHT_STORAGE must be local or s3, got "${backend}"`);
  const bucket = env.CLIPWRIGHT_S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError("CLIPWRIGHT_S3_BUCKET is required when CLIPWRIGHT_STORAGE=s3");
  const endpoint = env.CLIPWRIGHT_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new ConfigError(`CLIPWRIGHT_S3_ENDPOINT must be an http(s) address, got "${endpoint}"`);
  }
  const prefix = env.CLIPWRIGHT_S3_PREFIX?.trim().replace(/^\/+/, "") ?? "";
  if (prefix && !/^[A-Za-z0-9._/-]+$/.test(prefix)) {
    throw new ConfigError("CLIPWRIGHT_S3_PREFIX may hold letters, digits, '.', '_', '-' and '/'");
  }
  const pathStyle = env.CLIPWRIGHT_S3_PATH_STYLE?.trim();
  if (pathStyle && pathStyle !== "true" && pathStyle !== "false") {
    throw new ConfigError(`CLIPWRIGHT_S3_PATH_STYLE must be true or false, got "${pathStyle}"`);
  }
  const publicAccess = env.CLIPWRIGHT_STORAGE_PUBLIC?.trim() || "presigned";
  if (publicAccess !== "presigned" && publicAccess !== "proxy") {
    throw new ConfigError(`CLIPWRIGHT_STORAGE_PUBLIC must be presigned or proxy, got "${publicAccess}"`);
  }
  return {
    backend: "s3",
    bucket,
    prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
    endpoint: endpoint?.replace(/\/$/, ""),
    region: env.CLIPWRIGHT_S3_REGION?.trim() || "us-east-1",
    // Self-hosted stores (MinIO, Ceph) answer on one host: path-style is the default once an endpoint is set.
    forcePathStyle: pathStyle ? pathStyle === "true" : endpoint !== undefined,
    publicAccess,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = (env.CLIPWRIGHT_ENV ?? "development") as Env;
  if (!["development", "test", "production"].includes(mode)) {
    throw new ConfigError(`CLIPWRIGHT_ENV must be development, test or production, got "${mode}"`);
  }
  const port = int("PORT", env.PORT, 8080);
  const workerConcurrency = int("CLIPWRIGHT_WORKER_CONCURRENCY", env.CLIPWRIGHT_WORKER_CONCURRENCY, 2, 1);
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
    storage: storageSettings(env),
    metrics: env.CLIPWRIGHT_METRICS_PORT
      ? {
          host: env.CLIPWRIGHT_METRICS_HOST?.trim() || "127.0.0.1",
          port: int("CLIPWRIGHT_METRICS_PORT", env.CLIPWRIGHT_METRICS_PORT, 9464, 1),
        }
      : null,
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
    exportCache: {
      maxAgeDays: int("CLIPWRIGHT_EXPORT_CACHE_DAYS", env.CLIPWRIGHT_EXPORT_CACHE_DAYS, 14, 1),
      maxBytes: gibibytes("CLIPWRIGHT_EXPORT_CACHE_MAX_GB", env.CLIPWRIGHT_EXPORT_CACHE_MAX_GB),
    },
    workerConcurrency,
    drainGraceMs: 1000 * int("CLIPWRIGHT_DRAIN_GRACE_SECONDS", env.CLIPWRIGHT_DRAIN_GRACE_SECONDS, 30),
    maxInFlightPerKind: int("CLIPWRIGHT_MAX_IN_FLIGHT", env.CLIPWRIGHT_MAX_IN_FLIGHT, 3, 1),
    sourceOriginDailyCap: int("CLIPWRIGHT_SOURCE_ORIGIN_DAILY_CAP", env.CLIPWRIGHT_SOURCE_ORIGIN_DAILY_CAP, 20, 1),
    generationDailyAllowance: int(
      "CLIPWRIGHT_GENERATION_DAILY_ALLOWANCE",
      env.CLIPWRIGHT_GENERATION_DAILY_ALLOWANCE,
      100,
      1,
    ),
    webhookDenyHosts: (env.CLIPWRIGHT_WEBHOOK_DENY_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    webhookTimeoutMs: 10_000,
    cancelWatchMs: 3_000,
    webhookSlots: webhookSlots(env),
    httpTimeouts: httpTimeouts(env),
    voicePreviewDaily: {
      perCaller: int("CLIPWRIGHT_VOICE_PREVIEW_DAILY", env.CLIPWRIGHT_VOICE_PREVIEW_DAILY, 50, 1),
      global: int("CLIPWRIGHT_VOICE_PREVIEW_DAILY_GLOBAL", env.CLIPWRIGHT_VOICE_PREVIEW_DAILY_GLOBAL, 5000, 1),
    },
    espeakBinary: env.CLIPWRIGHT_ESPEAK_BINARY || "espeak-ng",
    text2waveBinary: env.CLIPWRIGHT_TEXT2WAVE_BINARY || "text2wave",
    ffmpegBinaries: { ffmpeg: env.CLIPWRIGHT_FFMPEG || "ffmpeg", ffprobe: env.CLIPWRIGHT_FFPROBE || "ffprobe" },
    authThrottle: {
      signupsPerHour: int("CLIPWRIGHT_SIGNUPS_PER_HOUR", env.CLIPWRIGHT_SIGNUPS_PER_HOUR, 5, 1),
      signInFreeFailures: 5,
      signInFirstLockSeconds: 60,
      signInMaxLockSeconds: 900,
    },
    passwordHashing: {
      concurrency: int("CLIPWRIGHT_PASSWORD_HASH_CONCURRENCY", env.CLIPWRIGHT_PASSWORD_HASH_CONCURRENCY, 2, 1),
      queue: int("CLIPWRIGHT_PASSWORD_HASH_QUEUE", env.CLIPWRIGHT_PASSWORD_HASH_QUEUE, 32, 0),
    },
    browser: browserSettings(env, mode, workerConcurrency),
    scan: {
      extraPages: int("CLIPWRIGHT_SCAN_EXTRA_PAGES", env.CLIPWRIGHT_SCAN_EXTRA_PAGES, 5, 0),
      pageTimeoutMs: int("CLIPWRIGHT_SCAN_PAGE_TIMEOUT_MS", env.CLIPWRIGHT_SCAN_PAGE_TIMEOUT_MS, 15_000, 1),
      scanTimeoutMs: int("CLIPWRIGHT_SCAN_TIMEOUT_MS", env.CLIPWRIGHT_SCAN_TIMEOUT_MS, 90_000, 1),
    },
    mcpStdio: {
      apiKey: env.CLIPWRIGHT_API_KEY?.trim() || undefined,
      serviceUrl: env.CLIPWRIGHT_URL?.trim() || undefined,
    },
    assistant: assistantSettings(env),
  };
  return { ...config, ...overrides };
}
