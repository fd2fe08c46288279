/**
 * Spoken words a second at speed 1 (the voices speak 140–160 words a minute), for every estimate made before
 * the real voice is measured: a walkthrough's beat lengths, a campaign's scene lengths and its narration fit.
 */
export const SPOKEN_WORDS_PER_SECOND = 2.5;

/** The languages whose numbers, currencies and percent signs are spelled out for the voice. */
export const SPOKEN_LANGUAGES = ["en", "de", "fr", "es", "it", "pt", "nl"] as const;
export type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number];

/** A primary language subtag as a spelled-out language; English for any other. */
export const spokenLanguageOf = (language: string): SpokenLanguage =>
  (SPOKEN_LANGUAGES as readonly string[]).includes(language) ? (language as SpokenLanguage) : "en";

/**
 * What the speech engine reads for a (cleaned) written line. Engines guess at "$40k", "50%", "FAQ" or
 * "2026" and often guess wrong (or differently from each other), so the line is spelled out first:
 * - English: numbers as words ("$40,000" → "forty thousand dollars", "$1.5M" → "one point five million
 *   dollars", "50%" → "fifty percent", "3rd" → "third", "2026" → "twenty twenty-six" for years
 *   1900–2099), "&" → "and", "e.g." → "for example", "/mo" → "per month".
 * - Other languages keep digits (their engine reads them in the language) but get currency and percent
 *   words, and "k"/"M"/"B" suffixes multiplied out.
 * - All: acronyms without a vowel or known to be spelled ("FAQ", "API", "CRM") are read letter by letter;
 *   quotation marks go, and a quoted sentence's own "!" or "?" before more words becomes a pause (",")
 *   so the voice does not end the sentence there; ©, ® and ™ are not read.
 */
export function spokenForm(written: string, language: SpokenLanguage): string {
  let t = written
    .replace(/[©®™]/gu, "")
    // "Scroll down to “We've got what you need!” to see more." → "… need, to see more."
    .replace(/[!?….]([”»“"’]*)(?=\s+[\p{Ll}\p{N}])/gu, (m, close: string) => (m.startsWith(".") && !close ? m : ","))
    .replace(/[“”„«»‹›"]/gu, "")
    .replace(/(^|\s)‘|’(?=\s|[.,;:!?]|$)/gu, "$1");
  t = language === "en" ? englishNumbers(t) : localNumbers(t, language);
  t = t.replace(/\b([A-Z]{2,5})(s?)\b/g, (m, letters: string, plural: string) =>
    spelled(letters) ? `${letters.split("").join(" ")}${plural ? "'s" : ""}` : m,
  );
  return t
    .replace(/\s+/g, " ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .trim();
}

/** Acronyms read as words, never spelled out. */
const SAID_AS_WORDS = new Set(
  "NASA NATO JSON YAML GIF JPEG PNG RAM ROM PIN SIM LAN WAN ASAP SCUBA LASER CAPTCHA AJAX CRUD REST SOAP WIFI IKEA LEGO UNESCO ASCII OK".split(
    " ",
  ),
);
/** Acronyms with a vowel that are still spelled out. */
const SPELLED = new Set(
  "FAQ API APIS UI UX SEO CEO CTO CFO COO KPI ROI AI ID USA UK EU UN IOU ETA FYI IO IOT OS IP IPO CI VIP".split(" "),
);

function spelled(letters: string): boolean {
  if (SAID_AS_WORDS.has(letters)) return false;
  return SPELLED.has(letters) || !/[AEIOUY]/.test(letters);
}

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES: [number, string][] = [
  [1e12, "trillion"],
  [1e9, "billion"],
  [1e6, "million"],
  [1e3, "thousand"],
];

function under1000(n: number): string {
  const parts: string[] = [];
  if (n >= 100) {
    parts.push(`${ONES[Math.floor(n / 100)]} hundred`);
    n %= 100;
  }
  if (n >= 20) parts.push(n % 10 ? `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}` : (TENS[n / 10] as string));
  else if (n > 0 || parts.length === 0) parts.push(ONES[n] as string);
  return parts.join(" ");
}

/** A whole number in English words ("40000" → "forty thousand"); digits kept beyond the trillions. */
export function numberWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) return String(n);
  if (n < 1000) return under1000(n);
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${under1000(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(under1000(rest));
  return parts.join(" ");
}

/** "1.5" → "one point five", "40,000" → "forty thousand", "09" → "zero nine" is not a case we meet. */
function decimalWords(digits: string): string {
  const [whole = "0", frac] = digits.replace(/,/g, "").split(".");
  const head = numberWords(Number(whole));
  return frac
    ? `${head} point ${frac
        .split("")
        .map((d) => ONES[Number(d)])
        .join(" ")}`
    : head;
}

function yearWords(y: number): string {
  if (y % 100 === 0) return y === 2000 ? "two thousand" : `${numberWords(y / 100)} hundred`;
  if (y >= 2000 && y < 2010) return numberWords(y);
  const tail = y % 100;
  return `${numberWords(Math.floor(y / 100))} ${tail < 10 ? `oh ${ONES[tail]}` : numberWords(tail)}`;
}

const ORDINAL_WORDS: Record<string, string> = {
  one: "first",
  two: "second",
  three: "third",
  five: "fifth",
  eight: "eighth",
  nine: "ninth",
  twelve: "twelfth",
};

function ordinalWords(n: number): string {
  const words = numberWords(n);
  const m = /(.*?)([a-z]+)$/.exec(words);
  if (!m) return words;
  const [, head = "", last = ""] = m;
  const ord = ORDINAL_WORDS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return `${head}${ord}`;
}

const CURRENCY_EN: Record<string, [string, string]> = {
  $: ["dollar", "dollars"],
  "€": ["euro", "euros"],
  "£": ["pound", "pounds"],
  "¥": ["yen", "yen"],
  "₹": ["rupee", "rupees"],
};
const SCALE_SUFFIX: Record<string, [number, string]> = {
  k: [1e3, "thousand"],
  K: [1e3, "thousand"],
  M: [1e6, "million"],
  m: [1e6, "million"],
  bn: [1e9, "billion"],
  B: [1e9, "billion"],
};
const PER: Record<string, string> = {
  mo: "month",
  month: "month",
  yr: "year",
  year: "year",
  wk: "week",
  week: "week",
  day: "day",
  user: "user",
  seat: "seat",
  hr: "hour",
  h: "hour",
};

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;

function englishNumbers(text: string): string {
  const per = (unit: string | undefined) => (unit ? ` per ${PER[unit.toLowerCase()] ?? unit}` : "");
  const money = (sym: string, num: string, suffix: string | undefined, unit: string | undefined) => {
    const [one, many] = CURRENCY_EN[sym] ?? ["", ""];
    const scale = suffix ? SCALE_SUFFIX[suffix] : undefined;
    if (scale) return `${decimalWords(num)} ${scale[1]} ${many}${per(unit)}`;
    const [whole = "0", cents] = num.replace(/,/g, "").split(".");
    const w = Number(whole);
    let out = `${numberWords(w)} ${w === 1 ? one : many}`;
    if (cents && /^\d{2}$/.test(cents) && Number(cents) > 0)
      out += ` ${numberWords(Number(cents))}${sym === "$" || sym === "€" ? (Number(cents) === 1 ? " cent" : " cents") : ""}`;
    else if (cents && !/^0+$/.test(cents)) out = `${decimalWords(num)} ${many}`;
    return `${out}${per(unit)}`;
  };
  const unitRe = String.raw`(?:\s?\/\s?(mo|month|yr|year|wk|week|day|user|seat|hr|h)\b)?`;
  return (
    text
      .replace(/\s&\s/g, " and ")
      .replace(/\be\.g\.,?/gi, "for example")
      .replace(/\bi\.e\.,?/gi, "that is")
      .replace(/\betc\./gi, "et cetera.")
      .replace(/\bvs\.?(?=\s)/gi, "versus")
      .replace(/#(\d+)/g, "number $1")
      // Money: "$40,000", "$1.5M", "$29/mo", "€9.99", and "40 €".
      .replace(
        new RegExp(String.raw`([$€£¥₹])\s?(${NUMBER})(bn|[kKmMB])?\b${unitRe}`, "g"),
        (_m, sym: string, num: string, suffix?: string, unit?: string) => money(sym, num, suffix, unit),
      )
      .replace(
        new RegExp(String.raw`\b(${NUMBER})\s?([€£¥₹])${unitRe}`, "g"),
        (_m, num: string, sym: string, unit?: string) => money(sym, num, undefined, unit),
      )
      .replace(new RegExp(String.raw`\b(${NUMBER})\s?%`, "g"), (_m, num: string) => `${decimalWords(num)} percent`)
      .replace(
        new RegExp(String.raw`\b(${NUMBER})(bn|[kKMB])\b`, "g"),
        (_m, num: string, suffix: string) => `${decimalWords(num)} ${(SCALE_SUFFIX[suffix] as [number, string])[1]}`,
      )
      .replace(/\b(\d+)x\b/g, (_m, num: string) => `${numberWords(Number(num))} times`)
      .replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_m, num: string) => ordinalWords(Number(num)))
      .replace(/\b(\d+)\s?[–]\s?(\d+)\b/g, "$1 to $2")
      // A four-digit number from 1900 to 2099 on its own is a year.
      .replace(/(?<![\d.,])\b(19\d\d|20\d\d)\b(?![.,]\d)/g, (_m, y: string) => yearWords(Number(y)))
      .replace(new RegExp(String.raw`(?<![\d.])\b(${NUMBER})\b(?![.,]\d)`, "g"), (_m, num: string) => decimalWords(num))
  );
}

const PERCENT: Record<SpokenLanguage, string> = {
  en: "percent",
  de: "Prozent",
  fr: "pour cent",
  es: "por ciento",
  it: "per cento",
  pt: "por cento",
  nl: "procent",
};
const CURRENCY_LOCAL: Record<string, string> = { $: "Dollar", "€": "Euro", "£": "Pfund", "¥": "Yen", "₹": "Rupien" };
const CURRENCY_BY_LANGUAGE: Partial<Record<SpokenLanguage, Record<string, string>>> = {
  de: CURRENCY_LOCAL,
  fr: { $: "dollars", "€": "euros", "£": "livres", "¥": "yens", "₹": "roupies" },
  es: { $: "dólares", "€": "euros", "£": "libras", "¥": "yenes", "₹": "rupias" },
  it: { $: "dollari", "€": "euro", "£": "sterline", "¥": "yen", "₹": "rupie" },
  pt: { $: "dólares", "€": "euros", "£": "libras", "¥": "ienes", "₹": "rupias" },
  nl: { $: "dollar", "€": "euro", "£": "pond", "¥": "yen", "₹": "roepie" },
};

function localNumbers(text: string, language: SpokenLanguage): string {
  const names = CURRENCY_BY_LANGUAGE[language] ?? CURRENCY_LOCAL;
  const scaled = (num: string, suffix: string | undefined) => {
    const scale = suffix ? SCALE_SUFFIX[suffix]?.[0] : undefined;
    if (!scale) return num;
    const value = Number(num.replace(",", ".")) * scale;
    return Number.isFinite(value) ? String(Math.round(value)) : num;
  };
  return text
    .replace(/\b(\d+(?:[.,]\d+)?)(bn|[kKMB])\b/g, (_m, num: string, suffix: string) => scaled(num, suffix))
    .replace(/([$€£¥₹])\s?(\d+(?:[.,]\d+)*)/g, (_m, sym: string, num: string) => `${num} ${names[sym] ?? sym}`)
    .replace(/(\d)\s?([€£¥₹])/g, (_m, d: string, sym: string) => `${d} ${names[sym] ?? sym}`)
    .replace(/(\d)\s?%/g, `$1 ${PERCENT[language]}`);
}

/**
 * How many words a line takes to say: its English spoken form's ("$12,628" is five words, "SEO" three),
 * which is what the voice's pace applies to. Estimates use it for every language: numbers and letters
 * take about as many words in the others.
 */
export const spokenWordCount = (written: string): number =>
  spokenForm(written, "en").split(/\s+/).filter(Boolean).length;
