import type { KnowledgeIndex, SearchResult } from "./search-index.js";

/**
 * Requests that are never about a software service, whatever words they borrow: writing something
 * creative, chit-chat about the world. Kinds of request, not questions: none names a topic of the docs.
 */
const ELSEWHERE = [
  /\b(joke|riddle|poem|haiku|limerick|sonnet|lyrics)s?\b/i,
  /\b(write|compose|make up|invent)\b.*\b(song|story|stories|essay|rap|novel)\b/i,
  /\b(weather|forecast|horoscope|recipe|lottery|stock price|exchange rate)s?\b/i,
  /\b(who won|world cup|super bowl|election|capital of|meaning of life)\b/i,
];

/**
 * Whether a question is about something other than Clipwright: a kind of request the service never
 * answers, a question most of whose words the documentation never uses, or one naming something the
 * documentation never mentions (a capitalised word it does not know: another product, a place, a person).
 */
export function isOutOfScope(question: string, found: SearchResult, index: KnowledgeIndex): boolean {
  if (ELSEWHERE.some((re) => re.test(question))) return true;
  if (found.topics.length > 0 && found.known < 0.5) return true;
  return namesSomethingElse(question, index);
}

function namesSomethingElse(question: string, index: KnowledgeIndex): boolean {
  const tokens = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  // The first word is capitalised anyway; an all-capitals word is an acronym the index may know as such.
  return tokens.slice(1).some((t) => /^\p{Lu}\p{Ll}+$/u.test(t) && !index.knowsWord(t));
}
