/**
 * Small text helpers shared by the scan's Node-side extractors and render sources (narration cues).
 * Everything they handle was read from a page or a caption file we do not trust: it is
 * whitespace-normalised, length-capped and, for addresses, limited to http(s).
 */

/** Collapses every run of whitespace (including non-breaking and zero-width spaces) into one space. */
export function normaliseSpace(raw: string): string {
  return raw
    .replace(/[\u200B-\u200D\uFEFF]/g, "")
    .replace(/[\s\u00A0]+/g, " ")
    .trim();
}

/** A short field (title, name, author): normalised, cut at `max` characters, null when empty. */
export function shortText(raw: unknown, max: number): string | null {
  if (typeof raw !== "string") return null;
  const t = normaliseSpace(raw.length > max * 4 ? raw.slice(0, max * 4) : raw);
  if (t === "") return null;
  return t.length > max ? t.slice(0, max).trimEnd() : t;
}

/**
 * Cuts text to at most `max` characters at the last sentence end that fits (". ", "! ", "? ", "…"), else
 * at the last word boundary, so a block never ends mid-word. `truncated` says whether anything was cut.
 */
export function cutAtSentence(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const head = text.slice(0, max);
  let cut = -1;
  for (const m of head.matchAll(/[.!?…](?=\s|$)/g)) cut = (m.index ?? 0) + 1;
  // A sentence end in the first third would throw most of the text away: cut at a word instead.
  if (cut < max / 3) {
    const space = head.lastIndexOf(" ");
    cut = space > max / 3 ? space : max;
  }
  return { text: head.slice(0, cut).trimEnd(), truncated: true };
}

/** Words as a reader counts them (letters or digits, in any script). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’\-.]*/gu)?.length ?? 0;
}

/**
 * An address from the page, resolved against the page's URL, kept only when it is http(s) and at most
 * 2048 characters: `javascript:`, `data:`, `mailto:` and friends are dropped (null).
 */
export function httpUrl(raw: unknown, base: string): string | null {
  if (typeof raw !== "string") return null;
  const t = raw.trim();
  if (t === "" || t.length > 2048) return null;
  let u: URL;
  try {
    u = new URL(t, base);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  const href = u.href;
  return href.length <= 2048 ? href : null;
}
