import { performance } from "node:perf_hooks";
import { JSDOM, VirtualConsole } from "jsdom";

/**
 * A page's serialised DOM, parsed in Node for the extractors that read text (metadata, main copy, copy
 * blocks). The page's own world can redefine anything evaluated inside it, so text is read here instead,
 * from the HTML the browser serialised after load and scroll. jsdom runs with its defaults: no
 * `runScripts` (page script is never executed) and no resource loader (nothing is fetched).
 */
export interface ScanDocument {
  readonly document: Document;
  /** The page's final URL: the base every address on the page is resolved against. */
  readonly url: string;
  /** The HTML was longer than {@link HTML_CAP_BYTES} and only its head was parsed (warning `text_truncated`). */
  readonly truncated: boolean;
  /** UTF-8 size of the HTML as given (before the cap). */
  readonly htmlBytes: number;
  readonly parseMs: number;
  /** Frees the jsdom window; the document must not be read afterwards. */
  close(): void;
}

/** Serialised HTML given to the parser and Readability (decision 0025), counted after {@link stripInert}. */
export const HTML_CAP_BYTES = 2 * 1024 * 1024;
/** How much of a (hostile) serialisation is looked at at all, so stripping stays bounded. */
const INPUT_CAP_CHARS = 16 * 1024 * 1024;

export function parseHtml(html: string, url: string): ScanDocument {
  const started = performance.now();
  const htmlBytes = Buffer.byteLength(html, "utf8");
  const stripped = stripInert(html.length > INPUT_CAP_CHARS ? html.slice(0, INPUT_CAP_CHARS) : html);
  const truncated = html.length > INPUT_CAP_CHARS || Buffer.byteLength(stripped, "utf8") > HTML_CAP_BYTES;
  const source = truncated ? utf8Head(stripped, HTML_CAP_BYTES) : stripped;
  let dom: JSDOM | null = new JSDOM(source, {
    url: baseUrl(url),
    contentType: "text/html",
    // A console that forwards nowhere: CSS the parser cannot read is the page's business, not our log's.
    virtualConsole: new VirtualConsole(),
  });
  let document: Document | null = dom.window.document;
  return {
    get document(): Document {
      if (!document) throw new Error("ScanDocument read after close()");
      return document;
    },
    url: dom.window.location.href,
    truncated,
    htmlBytes,
    parseMs: Math.round(performance.now() - started),
    close: () => {
      if (!dom || !document) return;
      const closed = document;
      dom.window.close();
      dom = null;
      document = null;
      releaseSelectorState(closed);
    },
  };
}

/**
 * `window.close()` empties the body, but the body's old content stays one connected tree, and jsdom's
 * selector engine (@asamuzakjp/dom-selector, one per document) keeps pointers into it after a query: the
 * last query's candidate nodes and a TreeWalker left on the last node it visited. jsdom's own load-event
 * promise jobs hold the document until the microtask queue next drains, so a closed page queried with
 * `querySelector*` kept its whole DOM (about 145 MB for 20,000 links) that long; in code that parses page
 * after page without awaiting, every page. One more query over the emptied document makes the engine
 * drop those pointers. This relies on dom-selector 7's Finder resetting that state at the start of each
 * query; it does not reach nwsapi's per-selector caches, which element-scoped queries can fill.
 */
function releaseSelectorState(closed: Document): void {
  try {
    closed.querySelectorAll("*");
  } catch {
    // nothing to release
  }
}

/**
 * Drops what no text extractor reads before parsing: comments, styles, `noscript` (the scanned browser
 * ran script, so its content was never shown) and every script except JSON-LD. Frameworks inline
 * megabytes of state and CSS; parsing them (jsdom builds a CSSOM for each style) cost most of the time,
 * and dropping them first lets more of the page's real content fit under the cap. One left-to-right
 * pass, so whichever construct opens first wins, as in the browser's tokenizer.
 */
export function stripInert(html: string): string {
  return html.replace(
    /<!--[\s\S]*?-->|<(script)\b([^>]*)>[\s\S]*?<\/script\s*>|<(style|noscript)\b[^>]*>[\s\S]*?<\/\3\s*>/gi,
    (whole, script: string | undefined, attrs: string | undefined) =>
      script && /\btype\s*=\s*["']?application\/ld\+json/i.test(attrs ?? "") ? whole : "",
  );
}

/** The first `maxBytes` bytes of `text` as UTF-8, never ending in half a character. */
function utf8Head(text: string, maxBytes: number): string {
  const head = Buffer.from(text, "utf8").subarray(0, maxBytes).toString("utf8");
  return head.replace(/\uFFFD+$/u, "");
}

/** jsdom needs an absolute URL; a page URL the browser reported is one, anything else reads as blank. */
function baseUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : "about:blank";
  } catch {
    return "about:blank";
  }
}
