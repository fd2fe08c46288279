import type { TObject } from "@sinclair/typebox";
import type { Authenticator } from "../http/authenticate.js";
import { publicRouteDefiner } from "../http/public-route.js";
import type { AuthThrottle } from "../http/rate-limit/auth-throttle.js";
import type { RateLimiter } from "../http/rate-limit/limiter.js";
import type { UsageMeter } from "../http/usage-meter.js";
import type { JobServices } from "../jobs/services.js";
import type { Mailer } from "../mailer.js";
import type { PinnedAgentPool } from "../net/pinned-request.js";
import { type OperationImpl, operationDefiner } from "../operations/define.js";
import type { CopyFit } from "../pipelines/marketing/campaign/copy-fit.js";
import type { SpeechFit } from "../pipelines/marketing/campaign/speech-fit.js";
import type { Vault } from "../vault.js";
import type { SupportLibrary } from "./assistant/knowledge/library.js";
import type { PasswordHasher } from "./auth/password-hasher.js";
import type { Catalog } from "./catalog/catalog.js";

/**
 * What the domains' operations, sign-in routes and workers use, built once by app.ts: the job engine's
 * services (domains create, list and cancel jobs) and the domains' own.
 */
export interface DomainServices extends JobServices {
  /** Its caches are forgotten when an account, key or session changes. */
  auth: Authenticator;
  /** Daily caps beyond the request's own limits (voice previews). */
  limiter: RateLimiter;
  /** Sign-up per IP and the per-email sign-in back-off, in the rate-limit store. */
  authThrottle: AuthThrottle;
  /** Every argon2 hash and verify, a bounded number at once. */
  passwords: PasswordHasher;
  /** Flushed before usage is read back. */
  usage: UsageMeter;
  mailer: Mailer;
  catalog: Catalog;
  /** Seals secrets stored for later use (webhook signing secrets, demo-site credentials). */
  vault: Vault;
  /** Connections to the addresses the guard checked (webhook deliveries, start pages); closed with the app. */
  pinnedAgents: PinnedAgentPool;
  /** Measures a campaign document's copy in its scene layouts (marketing revisions and edits). */
  copyFit: CopyFit;
  /** Measures a campaign document's narration with its real voice (marketing revisions and edits). */
  speechFit: SpeechFit;
  /** What the support assistant answers from: the docs and the OpenAPI document, indexed on first use. */
  assistant: SupportLibrary;
}

/** An operation as a domain implements it: its handler is given the domain services. */
export type DomainOperation = OperationImpl<TObject, TObject, TObject, DomainServices>;

/** Keeps an operation's schema types flowing into its handler, which is given the domain services. */
export const defineOperation = operationDefiner<DomainServices>();

/** The same for a sign-in route (src/domains/auth/routes.ts). */
export const definePublicRoute = publicRouteDefiner<DomainServices>();
