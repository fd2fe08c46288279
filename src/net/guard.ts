import { isIP } from "node:net";
import type { Env } from "../config.js";
import { type BlockedKind, blockedKind } from "./address.js";
import type { Resolver } from "./resolver.js";

/**
 * The one outbound-URL guard: every address the service will connect to on a caller's behalf (webhook
 * receivers now, sites to record later) goes through `inspectUrl` first, and the connection is then made
 * to the addresses it returned (pinned-request.ts), never to a fresh DNS answer.
 */
export interface GuardPolicy {
  requireHttps: boolean;
  defaultPortsOnly: boolean;
  /** Exact hosts (lower-case names or IP literals) exempt from the bare-host and private-address checks. */
  allowPrivateHosts: readonly string[];
  /** Hosts refused together with all their subdomains. */
  denyHosts: readonly string[];
  maxLength: number;
  /** Sites may carry a fragment (SPA routes; never sent on the wire). Webhook URLs may not. Default false. */
  allowFragment?: boolean;
}

export type Problem =
  | "malformed"
  | "scheme"
  | "credentials"
  | "fragment"
  | "port"
  | "bare_host"
  | "too_long"
  | "blocked"
  | "unresolvable"
  | "denied";

export type Verdict =
  | { ok: true; url: URL; host: string; addresses: string[] }
  | { ok: false; problem: Problem; kind?: BlockedKind; host?: string };

export type Refusal = Extract<Verdict, { ok: false }>;

/** The part of the configuration the guard reads. */
export interface GuardConfig {
  env: Env;
  allowPrivateHosts: readonly string[];
}

/** A slow resolver must not hold a registration or a delivery attempt open. */
const RESOLVE_TIMEOUT_MS = 5_000;

export const WEBHOOK_URL_MAX = 2048; // spec, Limits
export const SITE_URL_MAX = 2048; // not shown in the spec; same as webhooks
export const LOGIN_URL_MAX = 2000; // spec, Limits: loginUrl max 2000

// The allow-list is a development/test convenience; config refuses it in production and so does this.
const allowList = (config: GuardConfig): string[] => (config.env === "production" ? [] : [...config.allowPrivateHosts]);

/** Webhooks: production is https on default ports only; development and test take http and any port. */
export function webhookPolicy(config: GuardConfig, denyHosts: readonly string[] = []): GuardPolicy {
  const production = config.env === "production";
  return {
    requireHttps: production,
    defaultPortsOnly: production,
    allowPrivateHosts: allowList(config),
    denyHosts: [...denyHosts],
    maxLength: WEBHOOK_URL_MAX,
  };
}

/** Sites to record: http or https anywhere (sites redirect on their own), default ports in production. */
export function sitePolicy(config: GuardConfig, denyHosts: readonly string[] = []): GuardPolicy {
  return {
    ...webhookPolicy(config, denyHosts),
    requireHttps: false,
    maxLength: SITE_URL_MAX,
    allowFragment: true,
  };
}

/** Login pages: the spec says https only; development and test also take http so local fixtures work. */
export function loginPolicy(config: GuardConfig, denyHosts: readonly string[] = []): GuardPolicy {
  return { ...sitePolicy(config, denyHosts), requireHttps: config.env === "production", maxLength: LOGIN_URL_MAX };
}

/** `[::1]` → `::1`, `example.com.` → `example.com`: the forms compared against the lists. */
function normaliseHost(raw: string): string {
  const host = raw.trim().toLowerCase();
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return bare.endsWith(".") ? bare.slice(0, -1) : bare;
}

const listed = (host: string, list: readonly string[]): boolean => list.some((h) => normaliseHost(h) === host);

const isDenied = (host: string, deny: readonly string[]): boolean =>
  deny.map(normaliseHost).some((d) => d !== "" && (host === d || host.endsWith(`.${d}`)));

async function resolveBounded(resolver: Resolver, host: string): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), RESOLVE_TIMEOUT_MS);
    timer.unref();
  });
  try {
    const answer = await Promise.race([resolver.resolve(host), timeout]);
    return answer && answer.length > 0 ? answer : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const refuse = (problem: Problem, host?: string, kind?: BlockedKind): Refusal => ({
  ok: false,
  problem,
  ...(host !== undefined ? { host } : {}),
  ...(kind !== undefined ? { kind } : {}),
});

/**
 * Checks one address against the policy and resolves it. Cheap syntactic rules run before any DNS query.
 * IPv4 spellings (decimal, octal, hex, short forms) need no handling here: the WHATWG parser — the same one
 * the HTTP client uses — already turns them into dotted quads.
 */
export async function inspectUrl(raw: string, policy: GuardPolicy, resolver: Resolver): Promise<Verdict> {
  if (raw.length > policy.maxLength) return refuse("too_long");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("malformed");
  }
  if (url.href.length > policy.maxLength) return refuse("too_long"); // percent-encoding can lengthen it
  if (!(url.protocol === "https:" || (url.protocol === "http:" && !policy.requireHttps))) return refuse("scheme");
  if (url.username !== "" || url.password !== "") return refuse("credentials");
  // `url.hash` is "" for a bare "#", which is still a fragment the caller sent.
  if (raw.includes("#") && !policy.allowFragment) return refuse("fragment");
  // Port 0 is no port: nothing listens on it and each OS does its own thing with a connect to it.
  if (url.port === "0" || (url.port !== "" && policy.defaultPortsOnly)) return refuse("port");

  const host = url.hostname;
  const name = normaliseHost(host);
  const literal = isIP(name) !== 0;
  const exempt = listed(name, policy.allowPrivateHosts);
  if (!literal && !name.includes(".") && !exempt) return refuse("bare_host", host);
  if (isDenied(name, policy.denyHosts)) return refuse("denied", host);

  const addresses = literal ? [name] : await resolveBounded(resolver, host);
  if (!addresses) return refuse("unresolvable", host);
  if (!exempt) {
    // One private answer is enough: the client could be handed any of them.
    for (const address of addresses) {
      const kind = blockedKind(address);
      if (kind) return refuse("blocked", host, kind);
    }
  }
  return { ok: true, url, host, addresses };
}

/** A delivery whose target no longer passes: the delivery log's lastError, e.g. `blocked:loopback`. */
export const deliveryBlockedReason = (verdict: Refusal): string => `blocked:${verdict.kind ?? verdict.problem}`;
