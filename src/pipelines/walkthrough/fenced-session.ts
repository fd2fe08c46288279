import type { BrowserPool, BrowserSession, CaptureSpec } from "../../media/browser/index.js";
import { type EgressProxy, startEgressProxy } from "../../net/egress/proxy.js";
import { type GuardConfig, sitePolicy } from "../../net/guard.js";
import type { Resolver } from "../../net/resolver.js";
import { fenceContext, type NetworkFence } from "./network.js";

/**
 * A browser session for one job behind its own egress proxy (decision 0017): the proxy checks and pins
 * every connection with the site rules of the URL guard, and the in-browser fence handles schemes and
 * the sign-in's main-frame origins. Closing it closes the session, then the proxy.
 */
export interface FencedSession {
  readonly session: BrowserSession;
  readonly fence: NetworkFence;
  readonly proxy: EgressProxy;
  /** Idempotent; never throws. */
  close(): Promise<void>;
}

export interface SessionGuard {
  config: GuardConfig;
  resolver: Resolver;
  /** Hosts refused with all their subdomains, on top of the guard's own rules. */
  denyHosts?: readonly string[];
  /** Bytes one answer may bring through the proxy (its default when absent). */
  maxResponseBytes?: number;
}

export async function openFencedSession(
  pool: BrowserPool,
  capture: CaptureSpec,
  guard: SessionGuard,
): Promise<FencedSession> {
  const proxy = await startEgressProxy({
    policy: sitePolicy(guard.config, guard.denyHosts ?? []),
    resolver: guard.resolver,
    ...(guard.maxResponseBytes ? { maxResponseBytes: guard.maxResponseBytes } : {}),
  });
  let session: BrowserSession | undefined;
  try {
    session = await pool.newSession(capture, { proxyServer: proxy.url });
    const fence = await fenceContext(session.context, { proxy });
    let closing: Promise<void> | undefined;
    const opened = session;
    return {
      session: opened,
      fence,
      proxy,
      close() {
        closing ??= (async () => {
          await fence.dispose().catch(() => undefined);
          await opened.close();
          await proxy.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await session?.close();
    await proxy.close();
    throw err;
  }
}
