import { cutAtSentence, httpUrl, normaliseSpace, shortText } from "../../source/text.js";

/**
 * Structured data a site declares about itself (schema.org JSON-LD), read defensively: invalid JSON is
 * counted and ignored, `@graph` arrays and nested objects are walked with a depth and node budget, and
 * every value is type-checked and capped — a page can put anything in there.
 */

export interface JsonLdOrganization {
  name: string | null;
  logo: string | null;
  url: string | null;
  sameAs: string[];
}
export interface JsonLdOffer {
  name: string | null;
  /** As written, digits and one decimal point ("29", "29.99"). */
  price: string | null;
  /** ISO 4217 code as declared (upper-cased), e.g. "USD". */
  currency: string | null;
  /** "month", "year", "week", "day" when the offer names a billing period. */
  period: string | null;
}
export interface JsonLdProduct {
  type: "Product" | "SoftwareApplication";
  name: string | null;
  description: string | null;
  offers: JsonLdOffer[];
}
export interface JsonLdFaq {
  question: string;
  answer: string;
}
export interface JsonLdReview {
  author: string | null;
  text: string | null;
  rating: number | null;
  bestRating: number | null;
}
export interface JsonLd {
  organizations: JsonLdOrganization[];
  products: JsonLdProduct[];
  faqs: JsonLdFaq[];
  reviews: JsonLdReview[];
  /** `WebSite` name, when declared. */
  websiteName: string | null;
  /** Blocks that were not valid JSON (or too large to read). */
  invalidBlocks: number;
}

const MAX_SCRIPTS = 20;
const MAX_SCRIPT_CHARS = 256 * 1024;
const MAX_DEPTH = 10;
const MAX_NODES = 5000;
const MAX_EACH = 50;

const ORGANIZATION = new Set(["Organization", "Corporation", "OnlineBusiness", "LocalBusiness", "NGO"]);
const SOFTWARE = new Set(["SoftwareApplication", "WebApplication", "MobileApplication"]);

export function readJsonLd(document: Document, base: string): JsonLd {
  const out: JsonLd = { organizations: [], products: [], faqs: [], reviews: [], websiteName: null, invalidBlocks: 0 };
  const scripts = [...document.querySelectorAll("script")]
    .filter((s) => /application\/ld\+json/i.test(s.getAttribute("type") ?? ""))
    .slice(0, MAX_SCRIPTS);
  let budget = MAX_NODES;
  for (const script of scripts) {
    const raw = script.textContent ?? "";
    if (raw.length > MAX_SCRIPT_CHARS) {
      out.invalidBlocks++;
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      out.invalidBlocks++;
      continue;
    }
    const visit = (node: unknown, depth: number): void => {
      if (budget <= 0 || depth > MAX_DEPTH || node === null || typeof node !== "object") return;
      budget--;
      if (Array.isArray(node)) {
        for (const n of node.slice(0, 200)) visit(n, depth + 1);
        return;
      }
      const obj = node as Record<string, unknown>;
      collect(obj, base, out);
      for (const [key, value] of Object.entries(obj)) {
        if (key !== "@context" && typeof value === "object") visit(value, depth + 1);
      }
    };
    visit(data, 0);
  }
  return out;
}

function collect(obj: Record<string, unknown>, base: string, out: JsonLd): void {
  const types = typesOf(obj);
  if (types.some((t) => ORGANIZATION.has(t)) && out.organizations.length < MAX_EACH) {
    out.organizations.push({
      name: shortText(str(obj.name), 200),
      logo: httpUrl(imageUrl(obj.logo), base),
      url: httpUrl(str(obj.url), base),
      sameAs: list(obj.sameAs)
        .map((s) => httpUrl(str(s), base))
        .filter((s): s is string => s !== null)
        .slice(0, 20),
    });
  }
  if (types.includes("WebSite") && out.websiteName === null) out.websiteName = shortText(str(obj.name), 200);
  const software = types.some((t) => SOFTWARE.has(t));
  if ((software || types.includes("Product")) && out.products.length < MAX_EACH) {
    out.products.push({
      type: software ? "SoftwareApplication" : "Product",
      name: shortText(str(obj.name), 300),
      description: shortText(htmlToText(str(obj.description)), 1000),
      offers: list(obj.offers).flatMap(offersOf).slice(0, 20),
    });
  }
  if (types.includes("FAQPage")) {
    for (const q of list(obj.mainEntity)) {
      if (!isObject(q) || out.faqs.length >= MAX_EACH) continue;
      const question = shortText(str(q.name), 300);
      const answerNode = list(q.acceptedAnswer)[0];
      const answer = isObject(answerNode) ? htmlToText(str(answerNode.text)) : null;
      if (question && answer) out.faqs.push({ question, answer: cutAtSentence(answer, 1000).text });
    }
  }
  if (types.includes("Review") && out.reviews.length < MAX_EACH) {
    const rating = isObject(obj.reviewRating) ? obj.reviewRating : null;
    const text = htmlToText(str(obj.reviewBody) ?? str(obj.description));
    out.reviews.push({
      author: shortText(personName(obj.author), 200),
      text: text ? cutAtSentence(text, 1000).text : null,
      rating: rating ? num(rating.ratingValue) : null,
      bestRating: rating ? num(rating.bestRating) : null,
    });
  }
}

function offersOf(node: unknown): JsonLdOffer[] {
  if (!isObject(node)) return [];
  const types = typesOf(node);
  if (types.includes("AggregateOffer") && node.offers !== undefined) return list(node.offers).flatMap(offersOf);
  const spec = list(node.priceSpecification).find(isObject);
  const price = priceOf(node.price ?? node.lowPrice ?? spec?.price);
  const currency = str(node.priceCurrency) ?? str(spec?.priceCurrency);
  return [
    {
      name: shortText(str(node.name), 200),
      price,
      currency: currency && /^[A-Za-z]{3}$/.test(currency.trim()) ? currency.trim().toUpperCase() : null,
      period: periodOf(spec),
    },
  ];
}

/** schema.org's billing period: `billingDuration` (ISO 8601) or a `referenceQuantity`/`unitCode` (MON, ANN). */
function periodOf(spec: Record<string, unknown> | undefined): string | null {
  if (!spec) return null;
  const quantity = isObject(spec.referenceQuantity) ? spec.referenceQuantity : null;
  const raw = `${str(spec.billingDuration) ?? ""} ${str(spec.unitCode) ?? ""} ${str(quantity?.unitCode) ?? ""} ${str(spec.unitText) ?? ""}`;
  if (/\bP1M\b|\bMON\b|month/i.test(raw)) return "month";
  if (/\bP1Y\b|\bANN\b|year|annual/i.test(raw)) return "year";
  if (/\bP1W\b|\bWEE\b|week/i.test(raw)) return "week";
  if (/\bP1D\b|\bDAY\b|\bday\b/i.test(raw)) return "day";
  return null;
}

function priceOf(v: unknown): string | null {
  const s = typeof v === "number" && Number.isFinite(v) ? String(v) : str(v);
  if (!s) return null;
  const m = s.replace(/,/g, "").match(/\d+(?:\.\d{1,4})?/);
  return m && m[0].length <= 20 ? m[0] : null;
}

function typesOf(obj: Record<string, unknown>): string[] {
  return list(obj["@type"])
    .map((t) => (typeof t === "string" ? t.replace(/^.*[/#:]/, "") : ""))
    .filter((t) => t !== "");
}

function personName(v: unknown): string | null {
  const first = list(v)[0];
  return isObject(first) ? str(first.name) : str(first);
}

function imageUrl(v: unknown): string | null {
  const first = list(v)[0];
  return isObject(first) ? (str(first.url) ?? str(first.contentUrl)) : str(first);
}

/** A string value, or the `@value` of a typed literal; arrays give their first string. */
function str(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return str(v[0]);
  if (isObject(v) && typeof v["@value"] === "string") return v["@value"];
  return null;
}

function num(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** JSON-LD text fields often carry HTML ("<p>Yes, …</p>"): tags dropped, common entities decoded, never parsed. */
function htmlToText(v: string | null): string | null {
  if (!v) return null;
  const t = normaliseSpace(
    v
      .slice(0, 20_000)
      .replace(/<[^>]*>/g, " ")
      .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, e: string) => {
        if (e[0] !== "#") return ENTITIES[e.toLowerCase()] ?? whole;
        const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }),
  ).replace(/\s+([,.;:!?])/g, "$1");
  return t === "" ? null : t;
}
