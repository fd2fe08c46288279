/**
 * Narration lint: what a viewer would call a fault in a walkthrough's script, found in its lines (one a
 * beat, in order) and the body text of the pages it shows. A pure function; the quality benchmark runs it
 * on every video, and a planner may run it on its own draft. The rules, as defined here:
 *
 * - repeated-phrase: a run of 4 content words (function words such as "the", "to", "let's" skipped) said
 *   again elsewhere in the video, e.g. "the table lists 57 rows" twice. Natural narration repeats names
 *   and little words, not four-word runs. A run made only of Capitalised words is a name ("Start Bootstrap
 *   Agency Theme"): said twice (a welcome and a goodbye) it passes, a third time it is flagged.
 * - page-furniture: words of the page's machinery, never of its content: skip links ("Skip to main
 *   content"), screen-reader twins (a label said twice in a row, "Total Users Total Users", "dashboard
 *   Dashboard"), icon ligature names (glued_snake_case such as receipt_long), lorem ipsum and template
 *   placeholders ("Project Name", "Card title", a mid-sentence "Category"), toggle and close buttons
 *   ("Toggle navigation", a mid-sentence "Close"), carousel controls ("Previous Next") and cookie-banner
 *   copy ("We use cookies").
 * - repeated-line: a line said again, word for word (case and punctuation aside).
 * - template-overuse: a sentence shape used more than twice a video. The shape is the sentence with its
 *   quoted parts, numbers and mid-sentence Capitalised words (the site's names) masked and a short leading
 *   connective ("Up close,", "Next,") dropped: "The Balance chart fills the view" and "Zooming in, the
 *   Sales chart fills the view" share one. The third use and later are flagged.
 * - copied-body-run: more than 12 consecutive words of a line equal to a run of the body text of the pages
 *   shown (case and punctuation aside): the narration reading the page out rather than saying what it is.
 */

export type NarrationRule =
  | "repeated-phrase"
  | "page-furniture"
  | "repeated-line"
  | "copied-body-run"
  | "template-overuse";

export interface NarrationFinding {
  rule: NarrationRule;
  /** Index of the line (beat) the fault is in. */
  line: number;
  /** The words at fault, as the line says them (shortened past 120 characters). */
  excerpt: string;
}

export interface NarrationInput {
  /** One line per beat, in the video's order. */
  lines: readonly string[];
  /** The visible body text of the pages the video shows. */
  bodyText: readonly string[];
}

/** A phrase is this many content words; a copied run is longer than COPIED_RUN words. */
const PHRASE_WORDS = 4;
const COPIED_RUN = 12;
/** A sentence shape may be used this often. */
const TEMPLATE_USES = 2;
/** A name (Capitalised run) may be said this often. */
const NAME_USES = 2;

// Function words and a presenter's fillers: what a repeated run of content words skips over.
const STOP = new Set(
  (
    "a an the and or but nor so yet of to in on at by for from with into onto over under up down out off " +
    "about as than then this that these those it its it's is are was were be been being am do does did " +
    "has have had will would can could should may might must shall here there where when what which who " +
    "whom whose how why all any each every some no not only also just too very more most such own same " +
    "let's lets let us we our you your i me my he she they them their his her one ones now next back again"
  ).split(" "),
);

interface Word {
  raw: string;
  key: string;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

function words(text: string): Word[] {
  return [...text.normalize("NFKC").matchAll(WORD)].map((m) => ({
    raw: m[0],
    key: m[0].toLowerCase().replace(/’/g, "'"),
  }));
}

const capitalised = (w: string): boolean => /^\p{Lu}/u.test(w);

const excerpt = (text: string): string => {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
};

function repeatedPhrases(lines: readonly string[]): NarrationFinding[] {
  const seen = new Map<string, { line: number; at: number }[]>();
  const flagged = new Map<number, Set<number>>();
  const content = lines.map((l) => words(l).filter((w) => !STOP.has(w.key)));
  content.forEach((ws, line) => {
    for (let at = 0; at + PHRASE_WORDS <= ws.length; at++) {
      const run = ws.slice(at, at + PHRASE_WORDS);
      const key = run.map((w) => w.key).join(" ");
      const before = (seen.get(key) ?? []).filter((s) => s.line !== line || at - s.at >= PHRASE_WORDS);
      const isName = run.every((w) => capitalised(w.raw));
      if (before.length >= (isName ? NAME_USES : 1)) {
        const marks = flagged.get(line) ?? new Set<number>();
        for (let k = at; k < at + PHRASE_WORDS; k++) marks.add(k);
        flagged.set(line, marks);
      }
      seen.set(key, [...(seen.get(key) ?? []), { line, at }]);
    }
  });
  const findings: NarrationFinding[] = [];
  for (const [line, marks] of flagged) {
    const ws = content[line] ?? [];
    // One finding per stretch of flagged words, so a long repeat is one fault, not several.
    let from = -1;
    for (let k = 0; k <= ws.length; k++) {
      if (marks.has(k) && from < 0) from = k;
      if (!marks.has(k) && from >= 0) {
        findings.push({
          rule: "repeated-phrase",
          line,
          excerpt: excerpt(
            ws
              .slice(from, k)
              .map((w) => w.raw)
              .join(" "),
          ),
        });
        from = -1;
      }
    }
  }
  return findings;
}

// Each pattern is a kind of page machinery; they run on the line as written (case matters for some).
const FURNITURE: RegExp[] = [
  /\bskip (?:to|navigation)\b(?: (?:the )?(?:main )?(?:content|navigation|menu))?/i,
  // Icon ligatures: Material Icons names glued with underscores.
  /\b\p{Ll}+(?:_\p{Ll}+)+\b/u,
  /\blorem\b|\bipsum\b|\bdolor sit amet\b/i,
  /\b(?:Project|Company|Brand|Product|Item|Client|Your) Name\b/,
  /\b(?:card title|some quick example text|your text here|title here|placeholder text)\b/i,
  /\{\{[^}]*\}\}|%[A-Z_]{3,}%/,
  // A placeholder label mid-sentence: after a lowercase word, as a label reads in the middle of a line.
  /(?<=\p{Ll}[ \t]+)(?:Category|Subheading|Heading|Placeholder)\b/u,
  /\btoggle (?:navigation|menu|sidebar|navbar|dropdown|search)\b/i,
  /(?<=\p{Ll}[ \t,]+)(?:Close|Dismiss|Toggle)\b/u,
  /\bprevious[ \t,]+next\b/i,
  /\b(?:we use cookies|(?:this|our) (?:web)?site uses cookies|accept (?:all )?cookies|cookie (?:policy|settings|preferences)|by continuing to (?:use|browse))\b/i,
];

/** Longest label a screen-reader twin repeats, in words. */
const TWIN_WORDS = 6;

/**
 * A label said twice in a row: a screen-reader twin ("Total Users Total Users") or an icon ligature
 * before its label ("dashboard Dashboard"). The second one starts Capitalised and nothing but a space,
 * comma or colon parts them, so "That that" and "very very" pass, and so does a sentence ending on a word
 * the next begins with.
 */
function twin(text: string): string | null {
  const ms = [...text.normalize("NFKC").matchAll(WORD)];
  for (let i = 0; i < ms.length; i++)
    for (let k = 1; k <= TWIN_WORDS && i + 2 * k <= ms.length; k++) {
      const first = ms.slice(i, i + k);
      const second = ms.slice(i + k, i + 2 * k);
      if (first.some((m, j) => m[0].toLowerCase() !== second[j]?.[0].toLowerCase())) continue;
      const head = second[0] as RegExpMatchArray;
      const last = first[k - 1] as RegExpMatchArray;
      const between = text.normalize("NFKC").slice((last.index ?? 0) + last[0].length, head.index);
      if (!capitalised(head[0]) || !/^[ \t,:;–-]+$/.test(between)) continue;
      const tail = second[k - 1] as RegExpMatchArray;
      return text.normalize("NFKC").slice(first[0]?.index, (tail.index ?? 0) + tail[0].length);
    }
  return null;
}

function furniture(lines: readonly string[]): NarrationFinding[] {
  const findings: NarrationFinding[] = [];
  lines.forEach((text, line) => {
    const twice = twin(text);
    if (twice) findings.push({ rule: "page-furniture", line, excerpt: excerpt(twice) });
    for (const pattern of FURNITURE) {
      const m = pattern.exec(text);
      if (m) findings.push({ rule: "page-furniture", line, excerpt: excerpt(m[0]) });
    }
  });
  return findings;
}

const lineKey = (text: string): string =>
  words(text)
    .map((w) => w.key)
    .join(" ");

function repeatedLines(lines: readonly string[]): NarrationFinding[] {
  const seen = new Set<string>();
  const findings: NarrationFinding[] = [];
  lines.forEach((text, line) => {
    const key = lineKey(text);
    if (!key) return;
    if (seen.has(key)) findings.push({ rule: "repeated-line", line, excerpt: excerpt(text) });
    seen.add(key);
  });
  return findings;
}

const QUOTED = /“[^”]*”|‘[^’]*’|"[^"]*"|(?<!\p{L})'[^']+'(?!\p{L})/gu;
const NUMBER = /(?<![\p{L}\p{N}])[$€£]?\p{N}[\p{N},.]*(?:[kKmM%](?!\p{L}))?/gu;

/** A sentence's shape: quoted parts, numbers and mid-sentence Capitalised words masked. */
export function sentenceShape(sentence: string): string {
  const masked = sentence.replace(QUOTED, " QUOTEDPART ").replace(NUMBER, " NUMBERPART ");
  const ws = words(masked).map((w, i) =>
    w.raw === "QUOTEDPART" ? "Q" : w.raw === "NUMBERPART" ? "N" : i > 0 && capitalised(w.raw) ? "X" : w.key,
  );
  // A short leading connective ("Up close", "Zooming in", "Next") says nothing of the shape.
  const comma = masked.search(/,\s/);
  const lead = comma > 0 ? words(masked.slice(0, comma)) : [];
  const connective = lead.length > 0 && lead.length <= 3 && lead.every((w) => !w.raw.endsWith("PART"));
  return (connective ? ws.slice(lead.length) : ws).join(" ").replace(/\b(X|N)(?: \1)+\b/g, "$1");
}

const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?…])\s+(?=["“‘(]?\p{Lu}|\d)/u)
    .map((s) => s.trim())
    .filter(Boolean);

function templateOveruse(lines: readonly string[]): NarrationFinding[] {
  const uses = new Map<string, number>();
  const findings: NarrationFinding[] = [];
  lines.forEach((text, line) => {
    for (const s of sentences(text)) {
      const shape = sentenceShape(s);
      // A shape of two words or fewer ("Welcome to X") is too short to call a template.
      if (shape.split(" ").length < 3) continue;
      const n = (uses.get(shape) ?? 0) + 1;
      uses.set(shape, n);
      if (n > TEMPLATE_USES) findings.push({ rule: "template-overuse", line, excerpt: excerpt(s) });
    }
  });
  return findings;
}

function copiedRuns(lines: readonly string[], bodyText: readonly string[]): NarrationFinding[] {
  const n = COPIED_RUN + 1;
  const grams = new Set<string>();
  for (const text of bodyText) {
    const ws = words(text).map((w) => w.key);
    for (let i = 0; i + n <= ws.length; i++) grams.add(ws.slice(i, i + n).join(" "));
  }
  if (grams.size === 0) return [];
  const findings: NarrationFinding[] = [];
  lines.forEach((text, line) => {
    const ws = words(text);
    let i = 0;
    while (i + n <= ws.length) {
      const hit = (k: number) =>
        grams.has(
          ws
            .slice(k, k + n)
            .map((w) => w.key)
            .join(" "),
        );
      if (!hit(i)) {
        i++;
        continue;
      }
      let end = i + n;
      while (end < ws.length && hit(end - n + 1)) end++;
      findings.push({
        rule: "copied-body-run",
        line,
        excerpt: excerpt(
          ws
            .slice(i, end)
            .map((w) => w.raw)
            .join(" "),
        ),
      });
      i = end;
    }
  });
  return findings;
}

/** Every fault found, by rule, then by line. */
export function lintNarration(input: NarrationInput): NarrationFinding[] {
  return [
    ...repeatedPhrases(input.lines),
    ...furniture(input.lines),
    ...repeatedLines(input.lines),
    ...templateOveruse(input.lines),
    ...copiedRuns(input.lines, input.bodyText),
  ];
}
