import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { type CopyBlock, extractCopyBlocks } from "../../src/pipelines/marketing/scan/copy/copy-blocks.js";
import { HTML_CAP_BYTES, parseHtml, stripInert } from "../../src/pipelines/marketing/scan/read/html-document.js";
import { extractMainCopy } from "../../src/pipelines/marketing/scan/read/main-copy.js";
import { extractMetadata } from "../../src/pipelines/marketing/scan/read/metadata.js";

const PAGE = "https://acme.example/";
type CopyKind = CopyBlock["kind"];
const ofKind = <K extends CopyKind>(blocks: CopyBlock[], kind: K) =>
  blocks.filter((b): b is CopyBlock & { kind: K } => b.kind === kind);

describe("parsing a page's serialised DOM in Node", () => {
  it("never runs page script: inline, event-handler and javascript: payloads leave no trace", () => {
    const g = globalThis as Record<string, unknown>;
    const html = `<!doctype html><html><head>
      <script>globalThis.__cwPwned = "inline"; window.top.__cwPwned = "inline";</script>
      <script type="module">globalThis.__cwPwned = "module";</script>
      </head><body onload="globalThis.__cwPwned='onload'">
      <img src="x" onerror="globalThis.__cwPwned='onerror'">
      <iframe srcdoc="<script>parent.__cwPwned='iframe'</script>"></iframe>
      <h1>Acme ships faster</h1>
      <a class="button" href="javascript:globalThis.__cwPwned='href'">Start now</a>
      </body></html>`;
    const doc = parseHtml(html, PAGE);
    const copy = extractCopyBlocks(doc);
    const windowSeen = (doc.document.defaultView as unknown as Record<string, unknown>).__cwPwned;
    doc.close();
    expect(g.__cwPwned).toBeUndefined();
    expect(windowSeen).toBeUndefined();
    expect(ofKind(copy.blocks, "headline")[0]?.text).toBe("Acme ships faster");
    const cta = ofKind(copy.blocks, "call_to_action")[0];
    expect(cta).toMatchObject({ text: "Start now", href: null });
    expect(JSON.stringify(copy.blocks)).not.toContain("javascript:");
  });

  it("fetches nothing the page references (images, styles, scripts, iframes)", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end("body{}");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const doc = parseHtml(
        `<html><head><link rel="stylesheet" href="${origin}/a.css"><script src="${origin}/a.js"></script></head>
         <body><img src="${origin}/a.png"><iframe src="${origin}/frame"></iframe><h1>Hello there</h1></body></html>`,
        `${origin}/`,
      );
      expect(extractMetadata(doc).title).toBeNull();
      doc.close();
      // A request, had one been made, reaches this loopback server within a few event-loop turns.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => server.close(r));
    } finally {
      server.closeAllConnections();
    }
    expect(requests).toBe(0);
  });

  it("drops scripts, styles, comments and noscript before parsing, and keeps JSON-LD", () => {
    const html = `<head><style>h1{color:red}</style><!-- <h1>commented</h1> -->
      <script>var s = "</div><h1>not markup</h1>";</script>
      <script type="application/ld+json">{"@type":"Organization","name":"Acme"}</script></head>
      <body><noscript><p>Please enable JavaScript</p></noscript><h1>Real</h1></body>`;
    const stripped = stripInert(html);
    expect(stripped).not.toContain("color:red");
    expect(stripped).not.toContain("commented");
    expect(stripped).not.toContain("not markup");
    expect(stripped).not.toContain("enable JavaScript");
    expect(stripped).toContain('"name":"Acme"');
    const doc = parseHtml(html, PAGE);
    expect(extractMetadata(doc).jsonLd.organizations[0]?.name).toBe("Acme");
    expect(extractMainCopy(doc).text).toBe("Real");
    doc.close();
  });

  it("caps the HTML at 2 MB and says so; the head of the page is still read", () => {
    const card = (i: number) =>
      `<div class="card"><h3>Feature ${i}</h3><p>Acme keeps every ${i} customer checklist in one shared place.</p></div>`;
    const cards: string[] = [];
    let size = 0;
    for (let i = 0; size < HTML_CAP_BYTES + 200_000; i++) {
      const c = card(i);
      cards.push(c);
      size += c.length;
    }
    const html = `<!doctype html><html lang="en"><head><title>Acme</title></head><body><main><h1>Acme</h1>${cards.join("")}</main></body></html>`;
    const doc = parseHtml(html, PAGE);
    expect(doc.truncated).toBe(true);
    expect(doc.htmlBytes).toBe(Buffer.byteLength(html));
    expect(doc.parseMs).toBeGreaterThanOrEqual(0);
    expect(doc.document.title).toBe("Acme");
    const main = extractMainCopy(doc);
    expect(main.wordCount).toBeGreaterThan(100_000 / 10);
    expect(main.text.length).toBeLessThanOrEqual(200_000);
    doc.close();

    const small = parseHtml("<title>Small</title><h1>Small</h1>", PAGE);
    expect(small.truncated).toBe(false);
    small.close();
  }, 120_000);

  it("never ends the capped HTML in half a character", () => {
    const html = `<p>${"é".repeat(HTML_CAP_BYTES)}</p>`;
    const doc = parseHtml(html, PAGE);
    expect(doc.truncated).toBe(true);
    expect(doc.document.body.textContent).not.toContain("\uFFFD");
    doc.close();
  });

  it("reads a page whose URL is not http(s) against a blank base", () => {
    const doc = parseHtml('<a class="button" href="/signup">Sign up today</a>', "file:///etc/passwd");
    expect(doc.url).toBe("about:blank");
    const cta = ofKind(extractCopyBlocks(doc).blocks, "call_to_action")[0];
    expect(cta).toMatchObject({ text: "Sign up today", href: null });
    doc.close();
  });
});

describe("a closed document lets go of its page", () => {
  it("after a query and close(), nothing keeps the page's elements alive", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const links = Array.from({ length: 2_000 }, (_, i) => `<li><a href="/sku/${i}">SKU ${i}</a></li>`).join("");
    const doc = parseHtml(`<!doctype html><title>t</title><main><ul>${links}</ul></main>`, "https://shop.test/");
    const last = new WeakRef(doc.document.querySelectorAll("a")[1_999] as Element);
    doc.document.querySelector("main ul li:last-child a");
    doc.close();
    // jsdom's own load-event jobs hold the window until the queue drains; after that, nothing may.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(last.deref()).toBeUndefined();
    expect(() => doc.document).toThrow(/after close/);
  });
});
