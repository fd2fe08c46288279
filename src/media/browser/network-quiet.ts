import type { Page, Request } from "playwright-core";

/**
 * Watches a page's requests so a still can wait for the network to go quiet. Started before the page
 * is opened, it sees every request; started later, it still notices the ones already in flight when
 * they end.
 */
export interface NetworkWatch {
  /** Milliseconds since the last request that counts ended; 0 while one is in flight. */
  quietFor(): number;
  /** Stops listening. Idempotent. */
  dispose(): void;
}

/** Connections that stay open by design: waiting for them to end would wait forever. */
const STREAMING = new Set(["eventsource", "websocket"]);

/** A request in flight this long is a long poll or a stream, not content the still is waiting for. */
export const LONG_LIVED_MS = 3_000;

export function watchNetwork(page: Page, opts: { longLivedMs?: number } = {}): NetworkWatch {
  const longLivedMs = opts.longLivedMs ?? LONG_LIVED_MS;
  const inFlight = new Map<Request, number>();
  // Nothing seen yet: the network counts as quiet since forever.
  let lastEnded = Number.NEGATIVE_INFINITY;
  const started = (req: Request) => {
    if (!STREAMING.has(req.resourceType())) inFlight.set(req, performance.now());
  };
  const ended = (req: Request) => {
    // Requests that started before the watch also count: their end is activity the page may react to.
    if (inFlight.delete(req) || !STREAMING.has(req.resourceType())) lastEnded = performance.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  let disposed = false;
  return {
    quietFor() {
      const now = performance.now();
      let busyUntil = lastEnded;
      for (const since of inFlight.values()) {
        // A long-lived request stops counting once it is old enough; quiet starts from then.
        if (now - since < longLivedMs) return 0;
        busyUntil = Math.max(busyUntil, since + longLivedMs);
      }
      return now - busyUntil;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
      inFlight.clear();
    },
  };
}
