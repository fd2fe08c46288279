import type { Page } from "playwright-core";

/**
 * What a page says, read off it for the narration (narration-writer.ts): the lead paragraphs under its
 * headline, its metric cards with their values, each chart's description and note, each table's columns
 * and rows, each h2 block's text and items (cards, plans with prices, questions, quotes), and the panel
 * behind each tab. Texts are as the page wrote them, trimmed to a few sentences.
 */

export interface ContentItem {
  title: string;
  text: string | null;
  kind: "card" | "plan" | "question" | "quote";
  /** Plans: the amount ("$29") and the whole price line ("$29 per agent / month"). */
  price: { amount: string; line: string } | null;
  badge: string | null;
  /** List entries inside the item (a plan's features). */
  points: string[];
  /** The item's own heading is a hover target (an h3/h4). */
  heading: boolean;
}

export interface ContentBlock {
  heading: string;
  /** Its top on the page, CSS px: blocks whose tops are close share a row. */
  top: number;
  text: string[];
  items: ContentItem[];
  /** Names of the charts inside the block. */
  charts: string[];
}

export interface ContentChart {
  /** Its accessible name (aria-label), when it has one. */
  label: string | null;
  heading: string | null;
  /** The caption or footer under it. */
  note: string | null;
  css: string | null;
}

export interface ContentTable {
  heading: string | null;
  css: string | null;
  columns: string[];
  /** Body rows, each as its cells' texts. */
  rows: string[][];
}

export interface PageContent {
  lead: string[];
  figures: { label: string; value: string }[];
  /** The landmark around the metric cards (`section aria-label="Key figures"`): a hover target. */
  figuresRegion: string | null;
  charts: ContentChart[];
  tables: ContentTable[];
  blocks: ContentBlock[];
  tabs: { name: string; heading: string | null; text: string[] }[];
  /** Cards with a price, wherever they sit (a pricing page need not head them with an h2). */
  plans?: ContentItem[];
}

const CONTENT = `(() => {
  const clean = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const cut = (s) => (s.length > 400 ? s.slice(0, 400).replace(/\\s+\\S*$/, "") + "." : s);
  const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const words = (s) => s.split(" ").filter(Boolean).length;
  const main = document.querySelector("main, [role=main]") || document.body;
  const h1 = document.querySelector("h1");
  const before = (a, b) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  const firstH2 = h1 ? [...main.querySelectorAll("h2")].find((h) => visible(h) && before(h1, h)) : null;
  const lead = [];
  if (h1) for (const p of main.querySelectorAll("p")) {
    if (!visible(p) || !before(h1, p) || (firstH2 && !before(p, firstH2)) || p.closest("nav, header.topbar")) continue;
    const t = clean(p.textContent);
    // A row of buttons is no sentence.
    const linked = [...p.querySelectorAll("a, button")].reduce((n, a) => n + clean(a.textContent).length, 0);
    if (linked > t.length * 0.5) continue;
    // "Already have an account? Sign in." is the form's, not the page's story.
    if ([...p.querySelectorAll("a")].some((a) => /sign|log ?in|register/i.test(a.textContent || ""))) continue;
    if (words(t) >= 5 && lead.length < 3 && !/[·|•]/.test(t)) lead.push(cut(t));
  }
  const figureEls = [...main.querySelectorAll('[class*="metric"], [class*="stat"], [class*="kpi"]')]
    .filter((c) => visible(c) && c.querySelector('[class*="value"], [class*="number"], strong, dd'));
  const figures = figureEls.map((c) => ({
    label: clean((c.querySelector('[class*="label"], [class*="title"], dt, h3, h4') || {}).textContent),
    value: clean((c.querySelector('[class*="value"], [class*="number"], strong, dd') || {}).textContent),
  })).filter((f) => f.label && f.value);
  const region = figureEls[0] && figureEls[0].closest("section[aria-label], [role=region][aria-label]");
  const figuresRegion = region && figureEls.every((f) => region.contains(f)) ? clean(region.getAttribute("aria-label")) : null;
  const boxOf = (el) => el.closest('section, article, figure, [class~="card"]');
  const headingOf = (box) => { const h = box && box.querySelector("h2, h3, h4, figcaption, caption"); return h ? clean(h.textContent) : null; };
  const noteOf = (box) => { const n = box && box.querySelector('[class*="footer"], figcaption, .legend + p'); return n ? clean(n.textContent) || null : null; };
  const charts = [...main.querySelectorAll("canvas, svg[role=img], [class*='chart'] svg")]
    .filter((c) => visible(c) && c.getBoundingClientRect().width >= 80)
    .map((c) => ({ label: clean(c.getAttribute("aria-label")) || null, heading: headingOf(boxOf(c)), note: noteOf(boxOf(c)), css: c.id ? "#" + CSS.escape(c.id) : null }))
    .filter((c) => c.label || c.heading);
  const tables = [...main.querySelectorAll("table")].filter(visible).map((t) => ({
    heading: clean((t.querySelector("caption") || {}).textContent) || clean(t.getAttribute("aria-label")) || headingOf(t.closest('section, article, [class~="card"]')),
    css: t.id ? "#" + CSS.escape(t.id) : null,
    columns: [...t.querySelectorAll("thead th")].map((th) => clean(th.textContent)).filter(Boolean),
    rows: [...t.querySelectorAll("tbody tr")].slice(0, 500).map((r) => [...r.cells].slice(0, 8).map((c) => clean(c.textContent).slice(0, 120))),
  }));
  const itemOf = (el) => {
    const quote = el.querySelector("blockquote");
    const details = el.tagName === "DETAILS" ? el : null;
    const priceEl = el.querySelector('[class*="price"]');
    const titleEl = details ? details.querySelector("summary") : el.querySelector("h3, h4, h2") || (quote && el.querySelector("figcaption strong, cite"));
    const title = clean(titleEl && titleEl.textContent);
    if (!title) return null;
    const para = [...el.querySelectorAll("p, blockquote")].map((p) => clean(p.textContent)).find((t) => words(t) >= 5 && !(priceEl && t === clean(priceEl.textContent)));
    let priceLine = priceEl ? clean(priceEl.textContent) : "";
    // "$19" with its period in the next line ("per user / month, billed monthly").
    const period = priceEl && priceEl.nextElementSibling;
    if (/^[$€£¥]?\\s?[\\d.,]+\\s?[$€£¥]?$/.test(priceLine) && period && /per|\\/|month|year/i.test(period.textContent || "")) priceLine += " " + clean(period.textContent);
    const amount = (/[$€£¥]\\s?[\\d.,]+|[\\d.,]+\\s?[$€£¥]/.exec(priceLine) || [null])[0];
    return {
      title,
      text: para ? cut(para) : null,
      kind: details ? "question" : quote ? "quote" : amount ? "plan" : "card",
      price: amount ? { amount, line: priceLine } : null,
      badge: clean((el.querySelector('[class*="badge"]') || {}).textContent) || null,
      points: [...el.querySelectorAll("li")].map((li) => clean(li.textContent)).filter(Boolean).slice(0, 6),
      heading: !!el.querySelector("h2, h3, h4") && !details,
    };
  };
  const blocks = [];
  for (const h of main.querySelectorAll("h2")) {
    if (!visible(h) || h.closest("[role=dialog], [role=tabpanel]")) continue;
    const box = h.parentElement && h.parentElement.closest("section, article") || h.parentElement;
    const itemEls = [...box.querySelectorAll("article, details, figure")].filter((e) => e !== box && !e.parentElement.closest("article, details, figure") && !e.querySelector("canvas, svg[role=img]"));
    const items = itemEls.map(itemOf).filter(Boolean).slice(0, 8);
    const text = [...box.querySelectorAll('p, [class*="footer"]')]
      .filter((p) => visible(p) && !itemEls.some((e) => e.contains(p)) && !p.querySelector("p") && !p.closest("[role=status]"))
      .map((p) => clean(p.textContent)).filter((t) => words(t) >= 5).slice(0, 3).map(cut);
    const chartNames = charts.filter((c) => { const el = c.css && document.querySelector(c.css); return el && box.contains(el); }).map((c) => c.heading || c.label);
    blocks.push({ heading: clean(h.textContent), top: Math.round(h.getBoundingClientRect().top + window.scrollY), text, items, charts: chartNames });
  }
  const tabs = [...document.querySelectorAll("[role=tab]")].filter(visible).map((t) => {
    const panel = document.getElementById((t.getAttribute("aria-controls") || "").split(" ")[0] || "");
    const hd = panel && panel.querySelector("h1, h2, h3");
    const text = panel ? [...panel.querySelectorAll("p")].map((p) => clean(p.textContent)).filter((x) => words(x) >= 4).slice(0, 3).map(cut) : [];
    return { name: clean(t.getAttribute("aria-label") || t.textContent), heading: hd ? clean(hd.textContent) : null, text };
  }).filter((t) => t.name);
  const planEls = [...main.querySelectorAll('article, [class*="plan"], [class~="card"]')]
    .filter((el) => visible(el) && el.querySelector('[class*="price"]') && !(el.parentElement && el.parentElement.closest('article, [class*="plan"], [class~="card"]')));
  const plans = planEls.map(itemOf).filter((i) => i && i.kind === "plan").slice(0, 6);
  return { lead, figures, figuresRegion, charts, tables, blocks, tabs, plans };
})()`;

export async function collectContent(page: Page): Promise<PageContent> {
  return (await page.evaluate(CONTENT)) as PageContent;
}
