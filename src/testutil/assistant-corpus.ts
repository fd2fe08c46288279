import { readFileSync } from "node:fs";
import { answerFromDocs } from "../domains/assistant/knowledge/answer-from-docs.js";
import { supportLibrary } from "../domains/assistant/knowledge/library.js";
import { AUTH_ROUTES } from "../domains/auth/routes.js";
import { buildOpenApi } from "../http/openapi.js";
import { MOUNTED } from "../mounted-operations.js";

/** test/fixtures/assistant-corpus.json: questions with the sections that answer them, and out-of-scope ones. */
interface Corpus {
  questions: { q: string; sections: string[] }[];
  notInDocs: string[];
  outOfScope: string[];
}

export interface CorpusFigures {
  questions: number;
  /** Answered (outcome `answered`) with a right section as the first citation. */
  answeredRight: number;
  /** Questions about Clipwright the docs do not answer, and how many of them were not answered (unknown or declined). */
  notInDocs: number;
  notAnswered: number;
  outOfScope: number;
  declined: number;
  /** Questions not answered from a right section: what was cited first (or the outcome). */
  misses: { q: string; got: string }[];
  /** Out-of-scope questions not declined, with the outcome they got. */
  notDeclined: { q: string; got: string }[];
}

const ROOT = new URL("../../", import.meta.url);

/**
 * Runs the corpus through the assistant's documentation answers, built exactly as the service builds
 * them: the repository's own docs and the OpenAPI document of every mounted operation.
 */
export async function measureCorpus(): Promise<CorpusFigures> {
  const corpus = JSON.parse(readFileSync(new URL("test/fixtures/assistant-corpus.json", ROOT), "utf8")) as Corpus;
  const document = buildOpenApi(MOUNTED, AUTH_ROUTES, "http://127.0.0.1:8080");
  const index = await supportLibrary(new URL(".", ROOT).pathname, document).index();
  const label = (c: { source: string; path: string; anchor: string }) =>
    c.source === "api" ? `api:${c.anchor}` : `${c.path}#${c.anchor}`;
  const figures: CorpusFigures = {
    questions: corpus.questions.length,
    answeredRight: 0,
    notInDocs: corpus.notInDocs.length,
    notAnswered: 0,
    outOfScope: corpus.outOfScope.length,
    declined: 0,
    misses: [],
    notDeclined: [],
  };
  for (const { q, sections } of corpus.questions) {
    const answer = answerFromDocs(index, q, null);
    const first = answer.citations[0];
    if (answer.outcome === "answered" && first && sections.includes(label(first))) figures.answeredRight++;
    else figures.misses.push({ q, got: first ? label(first) : answer.outcome });
  }
  for (const q of corpus.notInDocs) {
    if (answerFromDocs(index, q, null).outcome !== "answered") figures.notAnswered++;
  }
  for (const q of corpus.outOfScope) {
    const answer = answerFromDocs(index, q, null);
    if (answer.outcome === "declined") figures.declined++;
    else figures.notDeclined.push({ q, got: answer.outcome });
  }
  return figures;
}

export const share = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)} %`;
