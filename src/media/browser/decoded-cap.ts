import type { BrowserContext, CDPSession, Frame, Page } from "playwright-core";

/**
 * A cap on the bytes one answer may bring a page **after decoding** (issue 19). The egress proxy caps
 * bytes on the wire, but a gzip answer of 3.4 MB decodes to 512 MiB, and Chromium parses all of it
 * while the page's deadline runs (1.6 GB of renderer memory in 15 s on a 2-core machine). Here Chromium
 * itself reports what each answer decoded to (`Network.dataReceived`); once one answer passes the cap,
 * its document stops loading, as if the reader pressed Stop, and is used as far as it got.
 *
 * Watched: every page of the context and each of its out-of-process frames (a cross-site iframe has a
 * renderer, and a DevTools target, of its own). In-process frames are their page's target already.
 */
export interface DecodedCap {
  /** Answers that passed the cap and whose document was stopped. */
  readonly cut: number;
  /**
   * Resolves when `page`'s own document is next cut (from this call on). A stopped document fires neither DOMContentLoaded nor
   * load, so a navigation waiting for either would wait out its whole timeout; this ends the wait.
   */
  documentCut(page: Page): Promise<void>;
  dispose(): Promise<void>;
}

interface DataReceived {
  requestId: string;
  dataLength: number;
}

export interface DecodedLimits {
  /** Decoded bytes any one answer may bring. */
  maxBytes: number;
  /**
   * Decoded bytes of an HTML document (a page's or a frame's), lower: Chromium's memory grows with the
   * document it lays out (about 250 MB a MiB of paragraphs), not with the scripts or images it holds.
   */
  maxDocumentBytes: number;
}

export async function capDecodedBytes(context: BrowserContext, limits: DecodedLimits): Promise<DecodedCap> {
  let cut = 0;
  let disposed = false;
  const sessions = new Set<CDPSession>();
  const cutPages = new WeakMap<Page, { done: Promise<void>; resolve: () => void }>();
  const cutOf = (page: Page) => {
    let entry = cutPages.get(page);
    if (!entry) {
      let resolve = () => {};
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      entry = { done, resolve };
      cutPages.set(page, entry);
    }
    return entry;
  };

  const watched = new WeakSet<Page | Frame>();
  const watch = async (target: Page | Frame): Promise<void> => {
    if (disposed || watched.has(target)) return;
    const cdp = await context.newCDPSession(target).catch(() => null); // not its own target, or already gone
    if (!cdp) return;
    if (disposed || watched.has(target)) return void cdp.detach().catch(() => undefined);
    watched.add(target);
    sessions.add(cdp);
    const decoded = new Map<string, number>();
    const documents = new Set<string>();
    let mainFrameId = ""; // the target's top frame
    let mainLoader = ""; // the request that brought that frame its document
    let stopped = false;
    cdp.on("Network.responseReceived", (e: { requestId: string; type?: string; frameId?: string }) => {
      if (e.type !== "Document") return;
      documents.add(e.requestId);
      if (e.frameId && e.frameId === mainFrameId) mainLoader = e.requestId;
    });
    cdp.on("Network.dataReceived", (e: DataReceived) => {
      const total = (decoded.get(e.requestId) ?? 0) + e.dataLength;
      decoded.set(e.requestId, total);
      const isDocument = documents.has(e.requestId);
      if (total <= (isDocument ? limits.maxDocumentBytes : limits.maxBytes) || stopped) return;
      stopped = true;
      cut += 1;
      cdp.send("Page.stopLoading").catch(() => undefined);
      // The page target's own document is the one whose request id is its main frame's loader id.
      if (isDocument && "mainFrame" in target && e.requestId === mainLoader) {
        cutPages.get(target)?.resolve();
        cutPages.delete(target);
      }
    });
    // A finished answer's count is not needed again (a long-lived page makes thousands of requests).
    const forget = (e: { requestId: string }) => {
      decoded.delete(e.requestId);
      documents.delete(e.requestId);
    };
    cdp.on("Network.loadingFinished", forget);
    cdp.on("Network.loadingFailed", forget);
    // A new document in this target may load again; only the one that overflowed was stopped.
    cdp.on("Page.frameNavigated", () => {
      stopped = false;
    });
    await Promise.all([
      cdp.send("Network.enable"),
      cdp.send("Page.enable"),
      cdp.send("Page.getFrameTree").then((t) => {
        mainFrameId = t.frameTree.frame.id;
      }),
    ]).catch(() => undefined);
  };

  const watchPage = (page: Page): Promise<void> => {
    const watching = watch(page);
    // A frame becomes out of process when it navigates to another site; only such a frame gets a
    // session of its own (newCDPSession refuses the others, which their page's session already sees).
    page.on("framenavigated", (frame) => {
      if (frame.parentFrame()) void watch(frame);
    });
    return watching;
  };
  const onPage = (page: Page) => void watchPage(page);
  context.on("page", onPage);
  await Promise.all(context.pages().map(watchPage)); // the session's first page is watched before it loads

  return {
    get cut() {
      return cut;
    },
    documentCut: (page) => cutOf(page).done,
    async dispose() {
      disposed = true;
      context.off("page", onPage);
      await Promise.all([...sessions].map((s) => s.detach().catch(() => undefined)));
      sessions.clear();
    },
  };
}
