import type { Page } from "playwright-core";
import { within } from "./deadline.js";
import { evaluateIsolated } from "./in-page.js";

/**
 * A page's DOM as HTML for the Node-side extractors, never larger than {@link SERIALISE_CAP_CHARS}
 * (issue 19: a page of 20,000 links or a stream that never ends took the service process to 2 GB).
 * The serialised size is estimated first, in the page, by walking the nodes without building a string.
 * A page under the cap is serialised whole by the browser (`page.content()`, exact); a larger one, or one
 * whose size could not be told in time, is serialised in the page up to the cap, in document order, and
 * is marked truncated: it is used as far as it got. Both in-page scripts run in an isolated world, so
 * the page's own scripts cannot change what they see.
 */

/** Characters of HTML handed over at most. The extractors parse 2 MB of it after stripping (html-document.ts). */
export const SERIALISE_CAP_CHARS = 8 * 1024 * 1024;

interface Walker {
  nextNode(): WalkedNode | null;
}
interface WalkedNode {
  nodeType: number;
  nodeName: string;
  data?: string;
  attributes?: ArrayLike<{ name: string; value: string }>;
}
interface SizeGlobals {
  document: { documentElement: unknown; createTreeWalker(root: unknown, what: number): Walker };
}

/** In the page: the serialised size, or cap + 1 as soon as it is known to be over. */
function estimateSize(arg: { cap: number }): number {
  const doc = (globalThis as unknown as SizeGlobals).document;
  if (!doc.documentElement) return 0;
  // Elements, text and comments (NodeFilter.SHOW_ELEMENT | SHOW_TEXT | SHOW_COMMENT).
  const walker = doc.createTreeWalker(doc.documentElement, 0x1 | 0x4 | 0x80);
  let size = 0;
  for (let node: WalkedNode | null = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      size += 2 * node.nodeName.length + 5;
      const attrs = node.attributes ?? [];
      for (let i = 0; i < attrs.length; i++) {
        const attr = attrs[i] as { name: string; value: string };
        size += attr.name.length + attr.value.length + 4;
      }
    } else size += (node.data ?? "").length;
    if (size > arg.cap) return arg.cap + 1;
  }
  return size;
}

interface SerialNode {
  nodeType: number;
  localName?: string;
  data?: string;
  attributes?: ArrayLike<{ name: string; value: string }>;
  firstChild: SerialNode | null;
  nextSibling: SerialNode | null;
  parentNode: SerialNode | null;
}

/** In the page: the document as HTML, cut at `cap` characters with every open element closed. */
function serialiseUpTo(arg: { cap: number }): string {
  const doc = (globalThis as unknown as { document: { documentElement: SerialNode | null } }).document;
  const VOID = new Set([
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
  ]);
  const RAW = new Set(["script", "style", "noscript", "xmp", "iframe", "noembed", "noframes", "plaintext"]);
  const text = (s: string) =>
    s
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/\u00a0/g, "&nbsp;");
  const attr = (s: string) =>
    s
      .replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")
      .replace(/\u00a0/g, "&nbsp;");
  const out: string[] = ["<!DOCTYPE html>"];
  let length = out[0]?.length ?? 0;
  const push = (s: string) => {
    out.push(s);
    length += s.length;
  };
  const open: string[] = [];
  let node = doc.documentElement;
  while (node && length < arg.cap) {
    if (node.nodeType === 1 && node.localName) {
      const name = node.localName;
      let tag = `<${name}`;
      const attrs = node.attributes ?? [];
      for (let i = 0; i < attrs.length; i++) {
        const a = attrs[i] as { name: string; value: string };
        tag += ` ${a.name}="${attr(a.value.slice(0, Math.max(0, arg.cap - length - tag.length)))}"`;
      }
      push(`${tag}>`);
      if (!VOID.has(name)) {
        if (node.firstChild) {
          open.push(name);
          node = node.firstChild;
          continue;
        }
        push(`</${name}>`);
      }
    } else if (node.nodeType === 3) {
      const parent = node.parentNode?.localName ?? "";
      const data = (node.data ?? "").slice(0, Math.max(0, arg.cap - length));
      push(RAW.has(parent) ? data : text(data));
    } else if (node.nodeType === 8) push(`<!--${(node.data ?? "").slice(0, Math.max(0, arg.cap - length))}-->`);
    // Next in document order: a sibling, else climb (closing each element left) to an ancestor's sibling.
    while (node && !node.nextSibling) {
      node = node.parentNode;
      if (node && node.nodeType === 1 && open.length > 0) push(`</${open.pop()}>`);
      if (node === doc.documentElement) node = null;
    }
    node = node?.nextSibling ?? null;
  }
  while (open.length > 0) push(`</${open.pop()}>`);
  return out.join("");
}

export interface SerialisedDom {
  html: string;
  /** The DOM was over the cap (or its size could not be told) and was cut. */
  truncated: boolean;
}

export async function serialiseDom(
  page: Page,
  timeoutMs: number,
  signal: AbortSignal,
  cap = SERIALISE_CAP_CHARS,
): Promise<SerialisedDom> {
  const size = await evaluateIsolated(page, estimateSize.toString(), { cap }, timeoutMs).catch(() => null);
  if (typeof size === "number" && size <= cap) {
    return { html: await within(page.content(), timeoutMs, signal), truncated: false };
  }
  const html = await evaluateIsolated(page, serialiseUpTo.toString(), { cap }, timeoutMs);
  return { html: typeof html === "string" ? html.slice(0, cap + 64 * 1024) : "", truncated: true };
}
