import { type DefaultTreeAdapterTypes, parse } from "parse5";

/**
 * A page's markup read as the browser reads it (parse5, the HTML standard's parsing algorithm): comments,
 * attributes holding '>', upper-case tags and script text that looks like markup mean what they mean in
 * a browser. Only what the page outline needs: elements, their attributes and their text.
 */

export type HtmlElement = DefaultTreeAdapterTypes.Element;
type HtmlNode = DefaultTreeAdapterTypes.Node;

/** Elements whose contents are never shown as text. */
const UNSHOWN = new Set(["script", "style", "noscript", "template", "head"]);
/** Elements that run on inside a line: no word break at their edges. */
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "font",
  "i",
  "kbd",
  "label",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "wbr",
]);
/** Nodes one walk visits at most (a page's size is capped before it is read; this bounds the work too). */
const MAX_NODES = 200_000;

export const parseHtml = (html: string): DefaultTreeAdapterTypes.Document => parse(html);

const childrenOf = (node: HtmlNode): readonly HtmlNode[] => ("childNodes" in node ? node.childNodes : []);
const isElement = (node: HtmlNode): node is HtmlElement => "tagName" in node;

/** An element and the regions (of those asked for: nav, main, ...) it lies inside. */
export interface Placed {
  el: HtmlElement;
  inside: readonly string[];
}

/**
 * The elements under `root` in document order, each with the `regions` among its ancestors. Iterative,
 * so nesting depth costs no call stack, and each element's regions come from the walk (not by climbing
 * its ancestors), so deep nesting costs no quadratic time either.
 */
export function elementsIn(root: HtmlNode, regions: readonly string[] = []): Placed[] {
  const out: Placed[] = [];
  const none: readonly string[] = [];
  const stack: { node: HtmlNode; inside: readonly string[] }[] = [];
  const pushChildren = (node: HtmlNode, inside: readonly string[]) => {
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as HtmlNode, inside });
  };
  pushChildren(root, none);
  for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited++) {
    const { node, inside } = stack.pop() as { node: HtmlNode; inside: readonly string[] };
    if (!isElement(node)) continue;
    out.push({ el: node, inside });
    pushChildren(node, regions.includes(node.tagName) ? [...inside, node.tagName] : inside);
  }
  return out;
}

export const attr = (el: HtmlElement, name: string): string | null =>
  el.attrs.find((a) => a.name === name)?.value ?? null;

/** The element's text, as one line: entities decoded, script and style left out, blocks apart by a space. */
export function textOf(root: HtmlElement): string {
  const parts: string[] = [];
  const stack: (HtmlNode | " ")[] = [root];
  for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited++) {
    const node = stack.pop() as HtmlNode | " ";
    if (node === " ") parts.push(" ");
    else if (node.nodeName === "#text" && "value" in node) parts.push(node.value);
    else if (isElement(node) && !UNSHOWN.has(node.tagName)) {
      const apart = !INLINE.has(node.tagName);
      if (apart) stack.push(" ");
      const children = childrenOf(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as HtmlNode);
      if (apart) stack.push(" ");
    }
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}
