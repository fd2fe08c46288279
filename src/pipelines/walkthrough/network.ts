import type { BrowserContext, Route } from "playwright-core";

/**
 * The in-browser half of the network fence (decision 0017). Which hosts a page may reach, and at which
 * address, is decided by the session's egress proxy (src/net/egress), which sees every connection,
 * redirect hops included. What only the browser knows is decided here, on the first request of each
 * load: its scheme (file:, chrome:, ftp: … never leave the browser through a proxy) and, while signing
 * in, whether a main-frame navigation goes to an approved origin.
 */

export interface FenceOptions {
  /** The session's egress proxy; its refusals are the fence's `host` count. */
  proxy?: { readonly refusedTotal: number } | null;
  /** When non-null, main-frame navigations may only go to these origins (sign-in). */
  allowedOrigins?: readonly string[] | null;
}

export interface FenceCounts {
  /** Schemes other than http(s), data: and blob: (file:, chrome:, ftp: …). */
  scheme: number;
  /** Main-frame navigations to an origin not approved while `allowedOrigins` is set. */
  origin: number;
  /** Connections the egress proxy refused (any hop, any kind of request). */
  host: number;
}

export interface NetworkFence {
  readonly blocked: Readonly<FenceCounts>;
  readonly blockedTotal: number;
  /** Changes which origins main-frame navigations may reach (null: any the proxy lets through). */
  setAllowedOrigins(origins: readonly string[] | null): void;
  dispose(): Promise<void>;
}

/** The origin of a URL, or null for one that has none (opaque origins, unparseable text). */
export const originOf = (raw: string): string | null => {
  try {
    const origin = new URL(raw).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
};

export async function fenceContext(context: BrowserContext, opts: FenceOptions = {}): Promise<NetworkFence> {
  const counts = { scheme: 0, origin: 0 };
  const proxy = opts.proxy ?? null;
  let allowed = normalise(opts.allowedOrigins ?? null);

  const handler = async (route: Route): Promise<void> => {
    const request = route.request();
    const url = request.url();
    const scheme = url.slice(0, url.indexOf(":") + 1).toLowerCase();
    try {
      if (scheme === "data:" || scheme === "blob:") return await route.continue();
      const origin = scheme === "http:" || scheme === "https:" ? originOf(url) : null;
      if (!origin) {
        counts.scheme += 1;
        return await route.abort("blockedbyclient");
      }
      if (allowed && request.isNavigationRequest() && isMainFrame(request) && !allowed.has(origin)) {
        counts.origin += 1;
        return await route.abort("blockedbyclient");
      }
      await route.continue();
    } catch {
      // The page or context went away while the request waited: nothing left to answer.
    }
  };

  await context.route("**/*", handler);
  const blocked: FenceCounts = {
    get scheme() {
      return counts.scheme;
    },
    get origin() {
      return counts.origin;
    },
    get host() {
      return proxy?.refusedTotal ?? 0;
    },
  };
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
