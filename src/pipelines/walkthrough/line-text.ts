import { quoteSiteText } from "./site-text.js";

/** The site's text inside our English sentences (beat-lines.ts): lists, labels, quotes. */

const NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve".split(" ");
export const count = (n: number): string => NUMBERS[n] ?? String(n);
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
export const q = (s: string): string => quoteSiteText(s, "en");
/** A heading or title named in our sentence, always in quotes. */
export const quote = (s: string): string => `“${s.replace(/[.:]$/, "")}”`;

/** "a, b and c". */
export const listOf = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/**
 * A label inside our sentence: sentence-case labels lose their capital ("Pending requests" → "pending
 * requests"), a qualifier in brackets moves ahead ("Earnings (monthly)" → "monthly earnings"); names
 * (several capitals, acronyms) stay as written.
 */
export function inline(label: string): string {
  const t = label.replace(/\s+/g, " ").trim();
  const qualified = /^(\p{Lu}\p{Ll}+) \((\p{Ll}[\p{Ll} -]*)\)$/u.exec(t);
  if (qualified) return `${qualified[2]} ${(qualified[1] as string).toLowerCase()}`;
  const [first, ...rest] = t.split(" ");
  if (!first || !/^\p{Lu}[\p{Ll}'’-]*$/u.test(first) || rest.some((w) => /^\p{Lu}/u.test(w))) return t;
  return first.toLowerCase() + (rest.length ? ` ${rest.join(" ")}` : "");
}

/** A description inside our sentence: its first word lower-cased when it reads as a common word ("Earnings by month…"). */
export function lowerFirst(text: string): string {
  const [first, second] = text.split(" ");
  if (!first || !/^\p{Lu}\p{Ll}+$/u.test(first) || (second && !/^[\p{Ll}\d]/u.test(second))) return text;
  return first.toLowerCase() + text.slice(first.length);
}

/** Items quoted when any of them carries a comma (a list of titles would blur otherwise). */
export const titles = (items: string[]): string[] =>
  items.some((i) => i.includes(",")) ? items.map((i) => `“${i.replace(/[.:]$/, "")}”`) : items.map(q);
