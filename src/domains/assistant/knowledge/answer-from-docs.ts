import type { Citation, Outcome } from "../view.js";
import { citationOf } from "./citation.js";
import { excerptOf } from "./excerpt.js";
import { passagesOf } from "./passages.js";
import { isOutOfScope } from "./scope.js";
import type { KnowledgeIndex, SearchHit } from "./search-index.js";

export interface DraftAnswer {
  outcome: Outcome;
  text: string;
  citations: Citation[];
  handoffOffered: boolean;
}

/**
 * Below these the best section is not an answer: it holds too little of what the question asks (its
 * words weighed by rarity: coverage), or matches it too weakly (BM25 score, which grows with the number
 * and rarity of the words matched).
 */
const MIN_COVERAGE = 0.45;
const MIN_SCORE = 25;
/** Other sections cited beside the best one score at least this share of it. */
const SEE_ALSO_SHARE = 0.6;
const MAX_CITATIONS = 3;

export const DECLINED_TEXT =
  "I can only help with Clipwright: its API and dashboard, walkthrough and marketing videos, webhooks, keys, seconds and plans, MCP and running it yourself. That question is outside what I can answer.";

export const UNKNOWN_TEXT =
  "I don't know: I could not find this in Clipwright's documentation. I can hand this conversation to a person from the support team, who will reply by e-mail.";

/** The answer the documentation gives, or a plain "I don't know" with the hand-off, or a refusal. */
export function answerFromDocs(index: KnowledgeIndex, question: string, docsUrl: string | null): DraftAnswer {
  const found = index.find(question);
  if (isOutOfScope(question, found, index)) {
    return { outcome: "declined", text: DECLINED_TEXT, citations: [], handoffOffered: false };
  }
  const best = found.hits[0];
  if (!best || !answers(best)) {
    return found.onTopic
      ? { outcome: "unknown", text: UNKNOWN_TEXT, citations: [], handoffOffered: true }
      : { outcome: "declined", text: DECLINED_TEXT, citations: [], handoffOffered: false };
  }
  const others = found.hits
    .slice(1)
    .filter((h) => answers(h) && h.score >= best.score * SEE_ALSO_SHARE)
    .slice(0, MAX_CITATIONS - 1);
  const where =
    best.section.source === "api" ? `the API reference, “${best.section.title}”` : `“${best.section.title}”`;
  const quote = excerptOf(passagesOf(best.section.body), found.topics.flat());
  const text = `From ${where} (${best.section.path}):\n\n${quote}`;
  return {
    outcome: "answered",
    text,
    citations: [best, ...others].map((h) => citationOf(h.section, docsUrl)),
    handoffOffered: false,
  };
}

const answers = (hit: SearchHit) => hit.coverage >= MIN_COVERAGE && hit.score >= MIN_SCORE;

/** The sections that best answer a text (an error's code and message), for an account answer's citations. */
export function sectionsAbout(index: KnowledgeIndex, text: string, docsUrl: string | null, max = 2): Citation[] {
  return index
    .find(text)
    .hits.filter(answers)
    .slice(0, max)
    .map((h) => citationOf(h.section, docsUrl));
}
