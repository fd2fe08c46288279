/**
 * Prices as landing pages write them: a currency symbol or code before or after an amount, and an
 * optional billing period ("$29/mo", "€19 per user per month", "29,99 € / Monat" is not English and is
 * read without its period). Amounts followed by k/M/B ("$5M raised") are sums, not prices.
 */
export interface PriceMatch {
  /** The matched text, whitespace-normalised ("$29/month"). */
  raw: string;
  /** Digits with at most one "." ("29", "1299", "29.99"). */
  amount: string;
  /** ISO 4217 code, null when the symbol is ambiguous. */
  currency: string | null;
  period: "month" | "year" | "week" | "day" | null;
  index: number;
}

const SYMBOLS: Record<string, string> = {
  $: "USD",
  US$: "USD",
  A$: "AUD",
  AU$: "AUD",
  C$: "CAD",
  CA$: "CAD",
  NZ$: "NZD",
  R$: "BRL",
  HK$: "HKD",
  S$: "SGD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  "₩": "KRW",
  zł: "PLN",
};
const CODES = "USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|INR|SEK|NOK|DKK|PLN|BRL|SGD|HKD";
const PRE = `(US\\$|AU?\\$|CA?\\$|NZ\\$|R\\$|HK\\$|S\\$|[$€£¥₹₩]|\\b(?:${CODES})(?=\\s?\\d))`;
const AMOUNT = "(\\d{1,3}(?:[,.\\u00A0 ]\\d{3})+(?:[.,]\\d{1,2})?|\\d{1,7}(?:[.,]\\d{1,2})?)";
const POST = `(€|£|\\$|zł|\\b(?:${CODES})\\b)`;
const NOT_A_SUM = "(?![.,]?\\d)(?!\\s?(?:[kKmMbB]|bn|million|billion|thousand)\\b)";
const UNIT = "(?:(?:user|seat|member|editor|agent|person|host)s?\\s*(?:\\/|per|a|an)?\\s*)?";
const PERIOD = `(\\s*(?:\\/|per\\b|a\\b|an\\b|each\\b)\\s*${UNIT}(?:mo|mon|month|yr|year|annum|wk|week|day)\\b\\.?|\\s*(?:monthly|annually|yearly)\\b)?`;

const PRICE_BEFORE = new RegExp(`${PRE}\\s*${AMOUNT}${NOT_A_SUM}${PERIOD}`, "giu");
const PRICE_AFTER = new RegExp(`(?<![\\d$€£¥₹₩])${AMOUNT}\\s?${POST}${NOT_A_SUM}${PERIOD}`, "giu");

/** "1,000,000,000,…" repeated by a hostile page is not a price. */
const MAX_AMOUNT_CHARS = 16;

/** Every price in `text`, in reading order, overlaps removed. */
export function findPrices(text: string): PriceMatch[] {
  const found: PriceMatch[] = [];
  for (const m of text.matchAll(PRICE_BEFORE)) {
    if ((m[2] ?? "").length > MAX_AMOUNT_CHARS) continue;
    found.push(toMatch(m[0], m[1] ?? "", m[2] ?? "", m[3], m.index ?? 0));
  }
  for (const m of text.matchAll(PRICE_AFTER)) {
    const index = m.index ?? 0;
    if ((m[1] ?? "").length > MAX_AMOUNT_CHARS) continue;
    if (found.some((f) => index < f.index + f.raw.length && f.index < index + m[0].length)) continue;
    found.push(toMatch(m[0], m[2] ?? "", m[1] ?? "", m[3], index));
  }
  return found.sort((a, b) => a.index - b.index);
}

function toMatch(raw: string, currency: string, amount: string, period: string | undefined, index: number) {
  const code = currency.trim().toUpperCase();
  return {
    raw: raw
      .replace(/\s+/g, " ")
      .replace(/\s*\/\s*/g, "/")
      .replace(/([$€£¥₹₩])\s(?=\d)/u, "$1")
      .trim(),
    amount: normaliseAmount(amount),
    currency: SYMBOLS[currency.trim()] ?? (new RegExp(`^(?:${CODES})$`).test(code) ? code : null),
    period: periodOf(period),
    index,
  };
}

/** "1,299" → "1299", "29,99" → "29.99", "1.299,00" → "1299.00". */
function normaliseAmount(amount: string): string {
  const compact = amount.replace(/[\s\u00A0]/g, "");
  const last = Math.max(compact.lastIndexOf(","), compact.lastIndexOf("."));
  if (last < 0) return compact;
  const decimals = compact.length - last - 1;
  if (decimals <= 2) return `${compact.slice(0, last).replace(/[.,]/g, "")}.${compact.slice(last + 1)}`;
  return compact.replace(/[.,]/g, "");
}

function periodOf(raw: string | undefined): PriceMatch["period"] {
  if (!raw) return null;
  if (/mo|month/i.test(raw)) return "month";
  if (/yr|year|annum|annual/i.test(raw)) return "year";
  if (/wk|week/i.test(raw)) return "week";
  return /day/i.test(raw) ? "day" : null;
}

const SYMBOL_OF: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", INR: "₹" };

/** A pricing block's price as a short phrase ("$29/month", "19 CHF/month"), for the claims index. */
export function formatPrice(price: string, currency: string | null, period: string | null): string {
  const symbol = currency ? SYMBOL_OF[currency] : undefined;
  const amount = symbol ? `${symbol}${price}` : currency ? `${price} ${currency}` : price;
  return period ? `${amount}/${period}` : amount;
}
