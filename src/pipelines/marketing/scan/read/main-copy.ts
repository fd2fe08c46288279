import { Readability } from "@mozilla/readability";
import { countWords, cutAtSentence, shortText } from "../../source/text.js";
import { blockText } from "./dom-text.js";
import type { ScanDocument } from "./html-document.js";

/**
 * The page's main copy: `@mozilla/readability` over a clone of the parsed document (it rewrites what it
 * reads), else the text of `main` (or the body) without navigation, site header and footer.
 *
 * Readability is built for articles. On a landing page it returns null, or keeps the one section it
 * scores best and drops the rest; so its article is used only when it holds at least a third of the
 * words the fallback reads, and `method` says which one produced the text.
 */
export interface MainCopy {
  title: string | null;
  excerpt: string | null;
  /** One line per block element, whitespace collapsed within lines, at most {@link MAIN_COPY_CAP} chars. */
  text: string;
  wordCount: number;
  /** The text hit the cap (warning `text_truncated`). */
  truncated: boolean;
  method: "readability" | "fallback";
}

/** DOM text read per page (decision 0025). */
export const MAIN_COPY_CAP = 200_000;

export function extractMainCopy(doc: ScanDocument): MainCopy {
  const fallback = fallbackText(doc.document);
  const article = readArticle(doc.document);
  const fallbackWords = countWords(fallback.text);
  const useArticle = article !== null && article.words >= 20 && article.words * 3 >= fallbackWords;
  const chosen = useArticle ? article : fallback;
  const title = shortText(article?.title, 300) ?? shortText(doc.document.title, 300);
  const excerpt = shortText(article?.excerpt, 2000) ?? firstParagraph(chosen.text);
  return {
    title,
    excerpt: excerpt ? cutAtSentence(excerpt, 500).text : null,
    text: chosen.text,
    wordCount: useArticle ? article.words : fallbackWords,
    truncated: chosen.truncated,
    method: useArticle ? "readability" : "fallback",
  };
}

interface Article {
  title: string | null;
  excerpt: string | null;
  text: string;
  truncated: boolean;
  words: number;
}

/**
 * Readability's cost grows much faster than the page (seconds for a few thousand elements on a busy
 * machine); past this many elements the fallback reads the page instead. Landing pages, once scripts and
 * styles are stripped, have a few hundred to a couple of thousand.
 */
const READABILITY_MAX_ELEMENTS = 4000;

function readArticle(document: Document): Article | null {
  if (document.getElementsByTagName("*").length > READABILITY_MAX_ELEMENTS) return null;
  let parsed: ReturnType<Readability<Node>["parse"]>;
  try {
    const clone = document.cloneNode(true) as Document;
    parsed = new Readability<Node>(clone, { serializer: (node) => node }).parse();
  } catch {
    return null; // a page shaped so that Readability throws is a page Readability cannot read
  }
  if (parsed?.content?.nodeType !== 1) return null;
  const { text, truncated } = blockText(parsed.content as Element, { maxChars: MAIN_COPY_CAP });
  return {
    title: parsed.title ?? null,
    excerpt: parsed.excerpt ?? null,
    text,
    truncated,
    words: countWords(text),
  };
}

function fallbackText(document: Document): { text: string; truncated: boolean } {
  const root = document.querySelector("main, [role='main']") ?? document.body;
  if (!root) return { text: "", truncated: false };
  return blockText(root, { maxChars: MAIN_COPY_CAP, exclude: isChrome });
}

/** Site chrome: navigation, footer, and a header that carries the navigation. */
export function isChrome(el: Element): boolean {
  const tag = el.tagName.toUpperCase();
  const role = el.getAttribute("role");
  if (tag === "NAV" || role === "navigation" || role === "contentinfo") return true;
  // A quotation's own footer carries its author, not the site's links.
  if (tag === "FOOTER") return el.closest("blockquote, figure") === null;
  return (tag === "HEADER" || role === "banner") && (role === "banner" || el.querySelector("nav") !== null);
}

function firstParagraph(text: string): string | null {
  return text.split("\n").find((line) => countWords(line) >= 12) ?? null;
}
