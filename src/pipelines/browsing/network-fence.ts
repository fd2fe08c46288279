import type { BrowserContext, ConsoleMessage, Route } from "playwright-core";
import { FRAME_REMOVED_MARK, frameOverLimit } from "../../media/browser/index.js";
import type { EgressProxy } from "../../net/egress/proxy.js";

/**
 * The network fence (decisions 0017, 0028). Which hosts a page may reach, and at which address, is
 * decided by the session's egress proxy (src/net/egress), which sees every connection the browser opens:
 * main frame, subframes, redirect hops, fetch/XHR, beacons, workers. While signing in, the proxy is also
 * held to the approved origins. What only the browser knows is decided here, on the first request of
 * each load: its scheme (file:, chrome:, ftp: … never leave the browser through a proxy), and whether a
 * subframe's document would take its page past the frame limit (media/browser/frame-limit.ts).
 */

export interface FenceOptions {
  /** The session's egress proxy: it holds the sign-in's origins, and its refusals are counted here. */
  proxy: Pick<EgressProxy, "refused" | "refusedTotal" | "restrictTo">;
}

export interface FenceCounts {
  /** Schemes other than http(s), data: and blob: (file:, chrome:, ftp: …). */
  scheme: number;
  /** Connections to a host outside the approved origins while they were set (any kind of request). */
  origin: number;
  /** Other connections the egress proxy refused (the URL guard's rules; any hop, any kind of request). */
  host: number;
  /** Frames taken out or left without a document because their page already held its frames' worth (frame-limit.ts). */
  frames: number;
}

export interface NetworkFence {
  readonly blocked: Readonly<FenceCounts>;
  readonly blockedTotal: number;
  /**
   * Holds every connection to the hosts of `origins` (null: any the URL guard lets through). Each refused
   * attempt to reach another is reported to `onLeft` with its origin.
   */
  setAllowedOrigins(origins: readonly string[] | null, onLeft?: (origin: string) => void): void;
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

export async function fenceContext(context: BrowserContext, opts: FenceOptions): Promise<NetworkFence> {
  let scheme = 0;
  let frames = 0;
  const { proxy } = opts;

  const handler = async (route: Route): Promise<void> => {
    const request = route.request();
    const url = request.url();
    const protocol = url.slice(0, url.indexOf(":") + 1).toLowerCase();
    try {
      if (protocol === "data:" || protocol === "blob:") return await route.continue();
      if (!((protocol === "http:" || protocol === "https:") && originOf(url))) {
        scheme += 1;
        return await route.abort("blockedbyclient");
      }
      if (frameOverLimit(request)) {
        frames += 1;
        return await route.abort("blockedbyclient");
      }
      await route.continue();
    } catch {
      // The page or context went away while the request waited: nothing left to answer.
    }
  };

  // Frames the page's own watcher took out before they loaded (frame-limit.ts) count as refused too.
  const onConsole = (message: ConsoleMessage): void => {
    if (message.type() === "debug" && message.text() === FRAME_REMOVED_MARK) frames += 1;
  };
  context.on("console", onConsole);
  await context.route("**/*", handler);
  const blocked: FenceCounts = {
    get scheme() {
      return scheme;
    },
    get frames() {
      return frames;
    },
    get origin() {
      return proxy.refused.not_approved ?? 0;
    },
    get host() {
      return proxy.refusedTotal - (proxy.refused.not_approved ?? 0);
    },
  };
  return {
    blocked,
    get blockedTotal() {
      return blocked.scheme + blocked.origin + blocked.host + blocked.frames;
    },
    setAllowedOrigins(origins, onLeft) {
      proxy.restrictTo(origins, onLeft);
    },
    async dispose() {
      context.off("console", onConsole);
      await context.unroute("**/*", handler).catch(() => {});
    },
  };
}
