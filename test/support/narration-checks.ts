/**
 * What a viewer must never hear in a walkthrough's narration (issue 21, item 3), as checks the narration
 * tests share. Each answers the offending texts (empty: none): screen-reader twins, icon ligatures, skip
 * links, placeholder copy, a line or sentence said twice, a sentence frame said more than twice, runs of
 * more than 12 words copied from the page's body text.
 */

const sentencesOf = (line: string): string[] =>
  line
    .split(/(?<=[.!?…”])\s+(?=[A-Z“"])/u)
    .map((s) => s.trim())
    .filter(Boolean);

/** "Total Users, Total Users": a phrase of one to four words said twice in a row. */
export function srTwins(lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const m = /\b((?:\p{Lu}[\p{L}'’]*\s?){1,4})[,\s]+\1\b/u.exec(l);
    if (m) out.push(m[0]);
  }
  return out;
}

/** "receipt_long Billing", "dashboard Dashboard": an icon font's ligature read as a word. */
export function iconLigatures(lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    for (const m of l.matchAll(/\b[a-z]+(?:_[a-z0-9]+)+\b/g)) out.push(m[0]);
    const words = l.split(/\s+/);
    for (let i = 0; i + 1 < words.length; i++) {
      const a = (words[i] as string).replace(/^[“"]/, "");
      const b = (words[i + 1] as string).replace(/[.,;:!?”"]+$/, "");
      if (/^[a-z]+$/.test(a) && /^\p{Lu}/u.test(b) && a === b.toLowerCase()) out.push(`${a} ${b}`);
    }
  }
  return out;
}

export const skipLinks = (lines: string[]): string[] =>
  lines.filter((l) => /\bskip (to|navigation)\b|\bmain content\b/i.test(l));

export const placeholders = (lines: string[]): string[] =>
  lines.filter((l) =>
    /\blorem\b|\bipsum\b|\bdolor sit\b|\bproject name\b|\bcategory project\b|\bprimary card\b/i.test(l),
  );

/** Lines said twice, and sentences said twice anywhere in the video. */
export function repeats(lines: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of lines.filter(Boolean).flatMap(sentencesOf)) {
    const key = s.toLowerCase();
    if (seen.has(key)) out.push(s);
    seen.add(key);
  }
  return out;
}

/**
 * A sentence's frame: our words, with the site's text taken out (quoted spans, numbers and amounts,
 * capitalised names after the first word). The same frame three times is a form letter.
 */
export function frameOf(sentence: string): string {
  return sentence
    .replace(/“[^”]*”|"[^"]*"/g, "Q")
    .replace(/[$€£]?\d[\d.,]*\s?[%kKM]?/g, "N")
    .replace(/(?<=\s)\p{Lu}[\p{L}'’.-]*(\s\p{Lu}[\p{L}'’.-]*)*/gu, "X")
    .replace(/\s+/g, " ")
    .trim();
}

export function overusedFrames(lines: string[], max = 2): string[] {
  const counts = new Map<string, number>();
  for (const s of lines.flatMap(sentencesOf)) counts.set(frameOf(s), (counts.get(frameOf(s)) ?? 0) + 1);
  return [...counts.entries()].filter(([, n]) => n > max).map(([f, n]) => `${n}× ${f}`);
}

const tokens = (s: string): string[] =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, " ")
    .split(/\s+/)
    .filter(Boolean);

/** Runs of more than `max` words of the narration that appear word for word in the page's body text. */
export function copiedRuns(lines: string[], body: string[], max = 12): string[] {
  const bodyText = ` ${body.map((b) => tokens(b).join(" ")).join(" | ")} `;
  const out: string[] = [];
  for (const l of lines) {
    const w = tokens(l);
    for (let i = 0; i + max < w.length; i++) {
      const run = w.slice(i, i + max + 1).join(" ");
      if (bodyText.includes(` ${run} `)) {
        out.push(run);
        break;
      }
    }
  }
  return out;
}
