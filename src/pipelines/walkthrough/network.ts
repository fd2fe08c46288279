import type { BrowserContext, Route, WebSocketRoute } from "playwright-core";
import { type GuardConfig, inspectUrl, sitePolicy } from "../../net/guard.js";
import type { Resolver } from "../../net/resolver.js";

/**
 * The browser's network fence (decision 0017): every request a page makes is routed through here and
 * checked by origin before Chromium may send it. Redirect hops and DNS answers are not seen here (the
 * record explains the residual gaps).
 */

export interface FenceOptions {
  /** The caller's URL guard, asked once per origin (with the origin's root URL) and cached. */
  check: (url: URL) => Promise<boolean>;
  /** When non-null, main-frame navigations may only go to these origins (sign-in). */
  allowedOrigins?: readonly string[] | null;
}

export interface FenceCounts {
  /** Schemes other than http(s), data: and blob: (file:, chrome:, ftp: …). */
  scheme: number;
  /** Main-frame navigations to an origin not approved while `allowedOrigins` is set. */
  origin: number;
  /** Requests to hosts the check refused. */
  host: number;
}

export interface NetworkFence {
  readonly blocked: Readonly<FenceCounts>;
  readonly blockedTotal: number;
  /** Changes which origins main-frame navigations may reach (null: any that passes the check). */
  setAllowedOrigins(origins: readonly string[] | null): void;
  dispose(): Promise<void>;
}

const originOf = (raw: string): string | null => {
  try {
    const origin = new URL(raw).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
};

export async function fenceContext(context: BrowserContext, opts: FenceOptions): Promise<NetworkFence> {
  const blocked: FenceCounts = { scheme: 0, origin: 0, host: 0 };
  const verdicts = new Map<string, Promise<boolean>>();
  let allowed = normalise(opts.allowedOrigins ?? null);

  // One check per origin for the session; a check that throws refuses (and is asked again next time).
  const passes = (origin: string): Promise<boolean> => {
    let verdict = verdicts.get(origin);
    if (!verdict) {
      verdict = opts.check(new URL(origin)).catch(() => {
        verdicts.delete(origin);
        return false;
      });
      verdicts.set(origin, verdict);
    }
    return verdict;
  };

  const handler = async (route: Route): Promise<void> => {
    const request = route.request();
    const url = request.url();
    const scheme = url.slice(0, url.indexOf(":") + 1).toLowerCase();
    try {
      if (scheme === "data:" || scheme === "blob:") return await route.continue();
      const origin = scheme === "http:" || scheme === "https:" ? originOf(url) : null;
      if (!origin) {
        blocked.scheme += 1;
        return await route.abort("blockedbyclient");
      }
      if (allowed && request.isNavigationRequest() && isMainFrame(request) && !allowed.has(origin)) {
        blocked.origin += 1;
        return await route.abort("blockedbyclient");
      }
      if (!(await passes(origin))) {
        blocked.host += 1;
        return await route.abort("blockedbyclient");
      }
      await route.continue();
    } catch {
      // The page or context went away while the request waited: nothing left to answer.
    }
  };

  // WebSockets are not routed by context.route; the same host check applies to them.
  const wsHandler = async (ws: WebSocketRoute): Promise<void> => {
    const origin = originOf(ws.url().replace(/^ws(s?):/i, "http$1:"));
    if (origin && (await passes(origin))) {
      ws.connectToServer();
      return;
    }
    blocked.host += 1;
    await ws.close({ code: 1008, reason: "blocked" }).catch(() => {});
  };

  await context.route("**/*", handler);
  await context.routeWebSocket(/.*/, wsHandler);
  return {
    blocked,
    get blockedTotal() {
      return blocked.scheme + blocked.origin + blocked.host;
    },
    setAllowedOrigins(origins) {
      allowed = normalise(origins);
    },
    async dispose() {
      await context.unroute("**/*", handler).catch(() => {});
    },
  };
}

function normalise(origins: readonly string[] | null): Set<string> | null {
  if (!origins) return null;
  return new Set(origins.map(originOf).filter((o): o is string => o !== null));
}

function isMainFrame(request: ReturnType<Route["request"]>): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    // Service-worker requests have no frame (service workers are blocked in our sessions anyway).
    return false;
  }
}

/** The service's URL guard as a fence check: site rules (allow-list, private addresses, deny list). */
export function siteGuardCheck(
  config: GuardConfig,
  resolver: Resolver,
  denyHosts: readonly string[] = [],
): (url: URL) => Promise<boolean> {
  const policy = sitePolicy(config, denyHosts);
  return async (url) => (await inspectUrl(url.href, policy, resolver)).ok;
}
