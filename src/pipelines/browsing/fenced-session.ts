import type { Page } from "playwright-core";
import {
  type BrowserPool,
  type BrowserSession,
  type CaptureSpec,
  capDecodedBytes,
  type DecodedCap,
} from "../../media/browser/index.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_MAX_RESPONSE_BYTES } from "../../net/egress/byte-cap.js";
import { type EgressProxy, startEgressProxy } from "../../net/egress/proxy.js";
import { type GuardConfig, sitePolicy } from "../../net/guard.js";
import type { Resolver } from "../../net/resolver.js";
import { fenceContext, type NetworkFence } from "./network-fence.js";

/**
 * A browser session for one job behind its own egress proxy (decision 0017): the proxy checks and pins
 * every connection with the site rules of the URL guard, and the in-browser fence handles schemes and
 * the sign-in's main-frame origins. Closing it closes the session, then the proxy.
 */
export interface FencedSession {
  readonly session: BrowserSession;
  readonly fence: NetworkFence;
  readonly proxy: EgressProxy;
  /** Answers cut at the byte cap, on the wire (the proxy) or once decoded (the browser): used as far as they got. */
  readonly truncated: number;
  /** Resolves when the page's own document is next cut at the decoded cap (it then fires no load event). */
  documentCut(page: Page): Promise<void>;
  /** Idempotent; never throws. */
  close(): Promise<void>;
}

export interface SessionGuard {
  config: GuardConfig;
  resolver: Resolver;
  /** Hosts refused with all their subdomains, on top of the guard's own rules. */
  denyHosts?: readonly string[];
  /** Bytes one answer may bring, on the wire and decoded (DEFAULT_MAX_RESPONSE_BYTES when absent). */
  maxResponseBytes?: number;
  /** Decoded bytes of one HTML document (DEFAULT_MAX_DOCUMENT_BYTES when absent; never above maxResponseBytes). */
  maxDocumentBytes?: number;
}

/** `signal` ends a wait for a browser slot: the job was cancelled or handed back meanwhile. */
export async function openFencedSession(
  pool: BrowserPool,
  capture: CaptureSpec,
  guard: SessionGuard,
  signal?: AbortSignal,
): Promise<FencedSession> {
  const maxResponseBytes = guard.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxDocumentBytes = Math.min(maxResponseBytes, guard.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES);
  const proxy = await startEgressProxy({
    policy: sitePolicy(guard.config, guard.denyHosts ?? []),
    resolver: guard.resolver,
    maxResponseBytes,
    maxDocumentBytes,
  });
  let session: BrowserSession | undefined;
  let decoded: DecodedCap | undefined;
  try {
    session = await pool.newSession(capture, { proxyServer: proxy.url, signal });
    const fence = await fenceContext(session.context, { proxy });
    decoded = await capDecodedBytes(session.context, { maxBytes: maxResponseBytes, maxDocumentBytes });
    const cap = decoded;
    let closing: Promise<void> | undefined;
    const opened = session;
    return {
      session: opened,
      fence,
      proxy,
      get truncated() {
        return proxy.truncated + cap.cut;
      },
      documentCut: (page) => cap.documentCut(page),
      close() {
        closing ??= (async () => {
          await cap.dispose();
          await fence.dispose().catch(() => undefined);
          await opened.close();
          await proxy.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await decoded?.dispose();
    await session?.close();
    await proxy.close();
    throw err;
  }
}
