/**
 * The offline rules that read a hint as ordered steps, shared by the planner (intents.ts) and the
 * hint-improvement operation (which rewrites the steps as one sentence).
 */

/** Requests and politeness that steer nothing: the planner matches the flows a hint names. */
export const HINT_FILLER = [
  /\b(please|pls|kindly|thanks?( you)?)\b/gi,
  /\b(can|could|would) you\b/gi,
  /\bi (would like|want|need)( you)? to\b/gi,
  /\b(make|create|record|generate|do) (me )?(a|an|the) (short |quick |nice )?(video|walkthrough|demo|tour)( of| for| about| showing)?\b/gi,
  /\b(a|an|the) (short |quick )?(video|walkthrough|demo|tour) (of|for|about|showing)\b/gi,
];
/** Where one step ends and the next begins. */
const STEP_BREAK = /\s*(?:\r?\n|;|,?\s+and then\s+|,?\s+then\s+|,?\s+after that\s+|,?\s+followed by\s+)\s*/i;
/** List markers and leading verbs that every step would repeat ("1.", "-", "then show"). */
const STEP_LEAD =
  /^(?:\d+[.)]\s*|[-*•]\s*|(?:then|and|also|next|finally|show|display|demonstrate|present|open|go to|visit)\s+)+/i;

export const tidyHint = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/^[\s,.;:–—-]+|[\s,;:–—-]+$/g, "")
    .trim();

/** The hint without its filler (requests and politeness). */
export function dropHintFiller(hint: string): string {
  let text = hint.replace(/[ \t]+/g, " ").trim();
  for (const pattern of HINT_FILLER) text = text.replace(pattern, " ");
  return text;
}

/**
 * The flows a hint names, in order (new lines, bullets, numbered steps, "then", "and then",
 * semicolons), lead verbs and end punctuation removed, repeats dropped (`repeated` says whether any were).
 * Expects the filler already removed (dropHintFiller).
 */
export function splitHintSteps(text: string): { steps: string[]; repeated: boolean } {
  const raw = text
    .split(STEP_BREAK)
    .map((s) => tidyHint(tidyHint(s).replace(STEP_LEAD, "")).replace(/[.!?]+$/, ""))
    .filter((s) => s.length > 0);
  const seen = new Set<string>();
  const steps: string[] = [];
  let repeated = false;
  for (const step of raw) {
    const key = step
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!key) continue;
    if (seen.has(key)) {
      repeated = true;
      continue;
    }
    seen.add(key);
    steps.push(step);
  }
  return { steps, repeated };
}
