import type { SourceManifest } from "../source/manifest.js";
import { sentencesOf } from "./sentences.js";

/**
 * Letter case for site copy said inside a presenter's sentence: "It starts with shared checklists", not
 * "It starts with Shared checklists", while "Tidewell", "Slack" and "SOC 2" keep their capitals. A word
 * keeps its capital when it is the brand's, written in capitals or with one inside ("HubSpot"), or when
 * the site writes it capitalised in the middle of an ordinary sentence (a name). Headings and buttons in
 * Title Case ("Easy to Use", "Get Started") say nothing about names, so they are not read for them, and
 * are said in sentence case. A one-word heading ("Shoreline") is a name unless the site also writes the
 * word in lower case, and so is a capitalised word before another ("Acme Books keeps …").
 */

const WORD = /[\p{L}][\p{L}\p{N}'’-]*/gu;
/** Short words Title Case leaves in lower case. */
const SMALL = new Set("a an the and or nor but to of for in on at by with from as is it vs via".split(" "));

export class Casing {
  private readonly names = new Set<string>();
  private readonly lower = new Set<string>();

  constructor(manifest: SourceManifest) {
    for (const w of (manifest.brand.name ?? "").match(WORD) ?? []) this.names.add(w);
    for (const block of manifest.copy) {
      if (block.kind === "call_to_action") continue;
      const texts = [
        "title" in block ? (block.title ?? "") : "",
        "text" in block ? block.text : "",
        ...(block.kind === "pricing" ? block.items : []),
      ];
      for (const text of texts) this.learn(text);
    }
  }

  private learn(text: string): void {
    for (const w of text.match(WORD) ?? []) if (/^\p{Ll}/u.test(w)) this.lower.add(w);
    if (isTitleCase(text)) return;
    for (const sentence of sentencesOf(text)) {
      const words = sentence.match(WORD) ?? [];
      if (words.length < 5) continue;
      for (const w of words.slice(1)) if (/^\p{Lu}/u.test(w)) this.names.add(w);
    }
  }

  /** Whether a capitalised word may be written in lower case mid-sentence. */
  lowerable(word: string): boolean {
    if (!/^\p{Lu}[\p{Ll}'’-]*$/u.test(word)) return false; // "SOC", "HubSpot", "iPhone"
    return !this.names.has(word);
  }

  /**
   * The text as it reads inside a sentence: its first word lower-cased when that is not a name and the
   * text reads in sentence case after it ("Open the dashboard", not "Acme Books keeps"); a lone word only
   * when the site also writes it in lower case.
   */
  inSentence(text: string): string {
    const t = this.sentenceCase(text);
    const [first, second] = t.match(WORD) ?? [];
    if (!first || !t.startsWith(first) || !this.lowerable(first)) return t;
    const ordinary = second ? /^\p{Ll}/u.test(second) : this.lower.has(first.toLowerCase());
    return ordinary ? `${first.toLowerCase()}${t.slice(first.length)}` : t;
  }

  /** A Title Case line in sentence case ("Welcome To Our Studio!" → "Welcome to our studio!"); others as they are. */
  sentenceCase(text: string): string {
    if (!isTitleCase(text)) return text;
    let seen = false;
    return text.replace(WORD, (w) => {
      const first = !seen;
      seen = true;
      return !first && this.lowerable(w) ? w.toLowerCase() : w;
    });
  }
}

/** Most of the line's words (short joining words aside) start with a capital, and at least two do. */
export function isTitleCase(text: string): boolean {
  const words = (text.match(WORD) ?? []).filter((w) => !SMALL.has(w.toLowerCase()));
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  return capitalised >= 2 && capitalised * 4 >= words.length * 3;
}
