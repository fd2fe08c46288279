import { stemmer } from "stemmer";

/**
 * How questions and documentation are cut into search terms: words (letters and digits; `snake_case`
 * codes and `dotted.ids` fall apart into their words on both sides), lowercased, common English words
 * dropped, Porter-stemmed. The index and the queries use the same function, so they always agree.
 */

/** Words that say nothing about a topic: articles, pronouns, auxiliaries, question words, filler verbs. */
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing done down during each either else etc ever every few for from further
get gets getting got had has have having he her here hers herself him himself his how i if in into is it its
itself just let lets like may me might mine more most much must my myself no nor not now of off often on once
only onto or other ought our ours ourselves out over own please per same shall she should so some still such
than thank thanks that the their theirs them themselves then there these they this those through thus to too
under until up upon us use used uses using very via want wants was way we were what whats when where whether
which while who whom whose why will with within without would yes yet you your yours yourself yourselves
anything something someone anyone thing things kind sort really also okay ok hi hello hey tell know
need needs wanna gonna able many happen happens make makes`.split(/\s+/),
);

/**
 * Words people use for what the documentation calls by another name. Each maps to the docs' words; the
 * question keeps its own word too. Vocabulary, not answers: no entry names a question or a section.
 */
const SYNONYMS: Record<string, string[]> = {
  subtitle: ["caption"],
  subtitles: ["captions"],
  vid: ["video"],
  vids: ["videos"],
  movie: ["video"],
  clip: ["video"],
  credit: ["seconds", "wallet"],
  credits: ["seconds", "wallet"],
  balance: ["wallet", "seconds"],
  quota: ["seconds", "limit"],
  minutes: ["seconds"],
  billing: ["wallet", "charge"],
  billed: ["charged"],
  pay: ["paid", "plan", "topup"],
  payment: ["paid", "plan", "topup"],
  price: ["cost", "quote"],
  pricing: ["cost", "quote", "plan"],
  cost: ["charge", "quote"],
  costs: ["charge", "quote"],
  charged: ["charge"],
  refund: ["release", "charge"],
  refunded: ["release", "charge"],
  topup: ["top-up"],
  token: ["key", "session"],
  tokens: ["keys", "session"],
  apikey: ["api", "key"],
  credential: ["key"],
  credentials: ["key"],
  permission: ["scope"],
  permissions: ["scopes"],
  access: ["scope"],
  hook: ["webhook"],
  hooks: ["webhooks"],
  callback: ["webhook"],
  callbacks: ["webhooks"],
  notify: ["webhook", "event"],
  notification: ["webhook", "event"],
  notifications: ["webhooks", "events"],
  signing: ["signature"],
  signed: ["signature"],
  hmac: ["signature"],
  verify: ["verifying"],
  authentic: ["signature", "verify"],
  stop: ["cancel"],
  abort: ["cancel"],
  remove: ["delete"],
  erase: ["delete"],
  broke: ["failed", "error"],
  broken: ["failed", "error"],
  fail: ["failed"],
  fails: ["failed"],
  failure: ["failed"],
  failures: ["failed"],
  wrong: ["error"],
  throttle: ["rate", "limit"],
  throttled: ["rate", "limit"],
  throttling: ["rate", "limit"],
  "429": ["rate", "limit"],
  retry: ["retries", "attempt"],
  retries: ["attempt"],
  retried: ["retries", "attempt"],
  resend: ["retries", "attempt"],
  duplicate: ["idempotency", "dedupe"],
  duplicates: ["idempotency", "dedupe"],
  twice: ["idempotency", "dedupe"],
  replay: ["idempotency", "replayed"],
  selfhost: ["deployment", "production"],
  host: ["deployment"],
  hosting: ["deployment", "production"],
  deploy: ["deployment", "production"],
  deploying: ["deployment", "production"],
  install: ["setup", "start"],
  installation: ["setup", "start"],
  agent: ["mcp"],
  agents: ["mcp"],
  claude: ["mcp"],
  llm: ["mcp"],
  chatgpt: ["mcp"],
  paging: ["pagination", "cursor"],
  paginate: ["pagination", "cursor"],
  login: ["sign-in", "session"],
  logon: ["sign-in", "session"],
  signin: ["sign-in", "session"],
  dashboard: ["session"],
  logo: ["brand", "logo"],
  colours: ["colors", "brand"],
  colors: ["colours", "brand"],
  font: ["brand", "fonts"],
  fonts: ["brand", "font"],
  demo: ["walkthrough"],
  tutorial: ["walkthrough"],
  record: ["walkthrough", "render"],
  recording: ["walkthrough", "render"],
  screencast: ["walkthrough", "render"],
  mp4: ["video", "export"],
  gif: ["export", "format"],
  webm: ["export", "format"],
  expire: ["expires", "expiry"],
  expiry: ["expires"],
  expiration: ["expires", "expiry"],
  leak: ["revoke", "rotate"],
  leaked: ["revoke", "rotate"],
  compromised: ["revoke", "rotate"],
  remember: ["kept", "expire", "stored"],
  remembered: ["kept", "expire", "stored"],
  listen: ["preview"],
  hear: ["preview"],
  // Languages by name: the docs speak of languages and BCP 47 tags, not of French or German.
  ...Object.fromEntries(
    [
      "english",
      "french",
      "german",
      "spanish",
      "italian",
      "portuguese",
      "dutch",
      "japanese",
      "chinese",
      "korean",
      "russian",
      "polish",
      "swedish",
      "arabic",
      "hindi",
    ].map((name) => [name, ["language"]]),
  ),
  voiceover: ["narration", "voice"],
  narrator: ["narration", "voice"],
  speech: ["narration", "voice"],
  tts: ["voice", "narration"],
  website: ["site"],
  websites: ["sites"],
  crawl: ["scan", "source"],
  queue: ["bullmq", "redis"],
  email: ["e-mail", "mail"],
  mail: ["e-mail", "email"],
  smtp: ["mail"],
  postgresql: ["postgres"],
  database: ["sqlite", "postgresql"],
  automatically: ["auto"],
  automatic: ["auto"],
  scale: ["scale-out", "worker"],
  concurrent: ["flight", "concurrency"],
  parallel: ["flight", "concurrency"],
  human: ["person"],
  scaling: ["scale-out", "worker"],
  firewall: ["egress"],
  ssrf: ["private", "address"],
  localhost: ["loopback", "private"],
};

/** The same for phrases: a few words that together mean what the docs call otherwise. */
const PHRASES: [RegExp, string[]][] = [
  [/\b(same time|at once|in parallel|concurrently|simultaneously)\b/, ["flight", "concurrency"]],
  [/\bcommand[- ]line\b/, ["cli"]],
  [
    /\b(how long|kept|retained|keep)\b.*\b(files?|videos?|artifacts?)\b|\b(files?|videos?|artifacts?)\b.*\b(kept|retained|deleted)\b/,
    ["retention"],
  ],
  [/\b(how far apart|how often|backoff|back-off)\b/, ["gap", "backoff", "attempt"]],
  [/\b(valid|last|lasts|lifetime)\b/, ["lifetime", "ttl"]],
  [/\broll(s|ed)? over\b|\bcarry over\b|\bunused\b/, ["lapse", "lapses"]],
  [
    /\b(respond|answer|reply)\b.*\bwithin\b|\btimeout\b|\bhow long\b.*\b(answer|respond)\b/,
    ["2xx", "within", "seconds"],
  ],
  [/\bhuman\b|\breal person\b|\bsupport (team|staff)\b/, ["hand-off", "person", "handoff"]],
];

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, lowercased, in order ("top-up" is "top" and "up", "e-mail" is "e" and "mail"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** One word as a search term, or null for a word that says nothing about a topic. */
export function termOf(word: string): string | null {
  const w = word.toLowerCase();
  if (STOPWORDS.has(w) || w.length < 2) return null;
  if (/^\d+$/.test(w)) return w.length >= 2 && w.length <= 4 ? w : null; // statuses (429), counts; not ids
  return stemmer(w);
}

/** The terms of a text as the index sees them. */
export function termsOf(text: string): string[] {
  return words(text).flatMap((w) => termOf(w) ?? []);
}

/**
 * Pairs of neighbouring terms (`free_tier`, `command_line`, `vault_kei`), stopwords skipped: a phrase the
 * question and a passage share is a far stronger sign than its two words apart, and BM25 weighs the rare
 * pair by itself. `_` never occurs inside a term, so a pair cannot be mistaken for one.
 */
export function pairsOf(terms: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 1; i < terms.length; i++) pairs.push(`${terms[i - 1]}_${terms[i]}`);
  return pairs;
}

const IDENTIFIER = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/gi;

/**
 * The code-like names of a text, whole: error codes, variables, fields (`key_revoked`,
 * `CLIPWRIGHT_SMTP_URL`). Their words are terms already; the whole name, marked with `#`, is a far rarer
 * term, so a question naming a code finds the passage naming that very code first.
 */
export function identifiersOf(text: string): string[] {
  return [...new Set((text.match(IDENTIFIER) ?? []).map((id) => `#${id.toLowerCase()}`))];
}

/** A text's terms followed by its pairs and identifiers: what the index stores for each field. */
export function indexTermsOf(text: string): string[] {
  const terms = termsOf(text);
  return [...terms, ...pairsOf(terms), ...(text.match(IDENTIFIER) ?? []).map((id) => `#${id.toLowerCase()}`)];
}

/** The terms of a question: its own, then what its words are called in the docs (each once), then its pairs. */
export function questionTerms(question: string): {
  own: string[];
  expanded: string[];
  /** The docs' names of the question's phrases, each with the question's terms the phrase is made of. */
  phrases: { terms: string[]; of: string[] }[];
  pairs: string[];
  identifiers: string[];
} {
  const own = [...new Set(termsOf(question))];
  const lower = question.toLowerCase();
  const extra = words(question).flatMap((w) => (SYNONYMS[w] ?? []).flatMap((s) => termsOf(s)));
  const phrases = PHRASES.flatMap(([re, to]) => {
    const match = re.exec(lower);
    return match
      ? [{ terms: to.flatMap((s) => termsOf(s)).filter((t) => !own.includes(t)), of: termsOf(match[0]) }]
      : [];
  });
  return {
    own,
    expanded: [...new Set([...own, ...extra])],
    phrases,
    pairs: [...new Set(pairsOf(termsOf(question)))],
    identifiers: identifiersOf(question),
  };
}
