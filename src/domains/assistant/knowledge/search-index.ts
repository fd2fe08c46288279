import MiniSearch from "minisearch";
import { passagesOf } from "./passages.js";
import type { KnowledgeSection } from "./section.js";
import { indexTermsOf, questionTerms, termOf, termsOf, words } from "./terms.js";

export interface SearchHit {
  section: KnowledgeSection;
  score: number;
  /**
   * Share of the question its two best passages answer: its topic words found there (a word or one of
   * its synonyms), each weighed by its rarity in the docs; a word the docs never use weighs most.
   */
  coverage: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** The question's topic words (stemmed), each with the docs' words for it. */
  topics: string[][];
  /** Whether a topic word is one the documentation's headings, operation names or file names use. */
  onTopic: boolean;
  /** Share of the topic words the documentation uses anywhere (itself, or one of its synonyms). */
  known: number;
}

interface Passage {
  id: number;
  sectionId: number;
  title: string;
  trail: string;
  keywords: string;
  text: string;
}

/**
 * Heading words weigh most: a section's title says what it answers. The trail (the headings above it and
 * the document's title) says where; keywords (file names, an operation's method, path and scopes) least,
 * as the path repeats what the title says.
 */
const FIELD_BOOST = { title: 2.5, trail: 1.2, keywords: 0.5 };
/** A word the docs call otherwise counts, but less than the asker's own word (shared by its synonyms). */
const SYNONYM_WEIGHT = 0.6;
/** A pair of neighbouring words adds to its two words' own matches, modestly. */
const PAIR_WEIGHT = 0.3;
/** A code's whole name (`#key_revoked`) adds to its words' own matches. */
const IDENTIFIER_WEIGHT = 0.3;
/** The best passage counts whole; a second adds a little (a section answering two parts of a question). */
const PASSAGE_WEIGHTS = [1, 0.3];
/** Questions whose answer is a number (a limit, a duration, a count)… */
const ASKS_FOR_NUMBER =
  /\b(how (many|long|much|often|far|big|large|fast|quickly)|maximum|minimum|max|min|limit|at most|at least)\b/i;
/** …are not answered by a passage without one. */
const NO_NUMBER_WEIGHT = 0.6;
/**
 * Who a page is written for. The guides, the decisions and the API reference speak to the people using
 * the service; the architecture map and the benchmark logs to the people building it, so they answer a
 * user's question only when nothing written for users does.
 */
const AUDIENCE: [RegExp, number][] = [
  [/^docs\/benchmarks\.md$/, 0.4],
  [/^docs\/architecture\.md$/, 0.7],
];
const audienceOf = (s: KnowledgeSection) => AUDIENCE.find(([re]) => re.test(s.path))?.[1] ?? 1;

/**
 * Full-text search (BM25 through MiniSearch) over the documentation cut into passages: a long section
 * (a decision's list of rules, the configuration table) is found by the one passage that answers, and the
 * section is what gets cited.
 */
export class KnowledgeIndex {
  private readonly search: MiniSearch<Passage>;
  private readonly passages: Passage[] = [];
  /** Terms of headings, operation summaries, paths and file names: what the documentation is about. */
  private readonly topicVocabulary = new Set<string>();
  /** Every term of the documentation. */
  private readonly vocabulary = new Set<string>();
  private readonly byId = new Map<number, KnowledgeSection>();
  /** How many passages use each term: its rarity weighs a question word in `coverage`. */
  private readonly passagesWith = new Map<string, number>();

  constructor(sections: readonly KnowledgeSection[]) {
    for (const s of sections) {
      this.byId.set(s.id, s);
      for (const t of termsOf(`${s.title} ${s.trail.join(" ")} ${s.keywords}`)) this.topicVocabulary.add(t);
      for (const t of termsOf(s.body)) this.vocabulary.add(t);
      for (const text of passagesOf(s.body)) {
        const trail = s.trail.join(" ");
        this.passages.push({
          id: this.passages.length,
          sectionId: s.id,
          title: s.title,
          trail,
          keywords: s.keywords,
          text,
        });
      }
    }
    for (const t of this.topicVocabulary) this.vocabulary.add(t);
    for (const p of this.passages) {
      for (const t of new Set(termsOf(`${p.title} ${p.text}`)))
        this.passagesWith.set(t, (this.passagesWith.get(t) ?? 0) + 1);
    }
    this.search = new MiniSearch<Passage>({
      idField: "id",
      fields: ["title", "trail", "text", "keywords"],
      // Terms and pairs come out of tokenize already processed.
      tokenize: (text) => indexTermsOf(text),
      processTerm: (term) => term,
      searchOptions: {
        boost: { title: FIELD_BOOST.title, trail: FIELD_BOOST.trail, keywords: FIELD_BOOST.keywords },
        combineWith: "OR",
        // Question terms arrive stemmed and expanded (questionTerms): searched as they are.
        tokenize: (query) => query.split(" ").filter(Boolean),
        processTerm: (term) => term,
        // A typo in a long word still finds it, at a third of the weight.
        fuzzy: (term) => (term.length >= 7 && !term.includes("_") && !term.startsWith("#") ? 1 : false),
        weights: { fuzzy: 0.3, prefix: 0.3 },
      },
    });
    this.search.addAll(this.passages);
  }

  /** Inverse document frequency over the passages (a term no passage uses is the rarest). */
  private rarity(term: string): number {
    return Math.log(1 + this.passages.length / ((this.passagesWith.get(term) ?? 0) + 1));
  }

  /** Whether the documentation uses this word anywhere, itself or by the docs' name for it. */
  knowsWord(word: string): boolean {
    const term = termOf(word);
    return term === null || questionTerms(word).expanded.some((t) => this.vocabulary.has(t));
  }

  /** The sections whose passages match the question best, best first. */
  find(question: string, limit = 5): SearchResult {
    const { own, expanded, phrases, pairs, identifiers } = questionTerms(question);
    // A topic is one of the asker's words with the docs' words for it (a phrase's name counts for each of
    // its words: "command line" is covered by a passage saying "cli").
    const topics = own.map((term) => [
      term,
      ...synonymsOf(question, term),
      ...phrases.filter((p) => p.of.includes(term)).flatMap((p) => p.terms),
    ]);
    const phraseTerms = [...new Set(phrases.flatMap((p) => p.terms))];
    const onTopic = topics.some((t) => t.some((x) => this.topicVocabulary.has(x)));
    const known = topics.length
      ? topics.filter((t) => t.some((x) => this.vocabulary.has(x))).length / topics.length
      : 0;
    if (!expanded.length) return { hits: [], topics, onTopic, known };

    // A word's synonyms share one weight, so three names for one thing do not count three times; a
    // phrase's name in the docs ("command line" → cli) is the asker's own word, said otherwise.
    const weightOf = new Map<string, number>();
    for (const group of topics) {
      for (const t of group.slice(1)) {
        if (!own.includes(t)) weightOf.set(t, Math.max(weightOf.get(t) ?? 0, SYNONYM_WEIGHT / (group.length - 1)));
      }
    }
    for (const t of phraseTerms) weightOf.set(t, 1);
    for (const t of pairs) weightOf.set(t, PAIR_WEIGHT);
    for (const t of identifiers) weightOf.set(t, IDENTIFIER_WEIGHT);
    const results = this.search.search([...expanded, ...phraseTerms, ...pairs, ...identifiers].join(" "), {
      boostTerm: (term) => weightOf.get(term) ?? 1,
    });

    const wantsNumber = ASKS_FOR_NUMBER.test(question);
    const bySection = new Map<number, SearchHit & { matched: Set<string>; count: number }>();
    for (const r of results) {
      const passage = this.passages[r.id as number] as Passage;
      const section = this.byId.get(passage.sectionId) as KnowledgeSection;
      const hit = bySection.get(section.id) ?? { section, score: 0, coverage: 0, matched: new Set(), count: 0 };
      const rank = hit.count++;
      const numberless = wantsNumber && !/\d/.test(passage.text) ? NO_NUMBER_WEIGHT : 1;
      hit.score += r.score * audienceOf(section) * numberless * (PASSAGE_WEIGHTS[rank] ?? 0);
      if (rank < PASSAGE_WEIGHTS.length) for (const t of r.queryTerms) hit.matched.add(t);
      bySection.set(section.id, hit);
    }
    // Missing "use" says little, missing "invoice" (or a word the docs never use: "teammates") much.
    const weights = topics.map((t) => Math.max(...t.map((x) => this.rarity(x))));
    const total = weights.reduce((a, b) => a + b, 0);
    for (const hit of bySection.values()) {
      const covered = topics.reduce(
        (sum, t, i) => sum + (t.some((x) => hit.matched.has(x)) ? (weights[i] ?? 0) : 0),
        0,
      );
      hit.coverage = total > 0 ? covered / total : 0;
    }
    const hits = [...bySection.values()]
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ section, score, coverage }) => ({ section, score, coverage }));
    return { hits, topics, onTopic, known };
  }
}

/** The docs' words for one of the question's terms (the expansion of each question word that gave it). */
function synonymsOf(question: string, term: string): string[] {
  const out = new Set<string>();
  for (const word of words(question)) {
    if (termOf(word) !== term) continue;
    for (const t of questionTerms(word).expanded) if (t !== term) out.add(t);
  }
  return [...out];
}
