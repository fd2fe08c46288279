import { cleanText } from "../../../media/browser/page/accessible-name.page.js";
import type { ContentBlock, ContentChart, ContentForm, ContentItem, PageContent } from "../page-content-types.js";
import { cut, NUMERIC, type TextReader, words } from "./content-text.page.js";

/** A price that is per something ("$29 / month", "per user"): a plan's; a product's price is not. */
const PER = /per\b|\/|month|year|\bmo\b|\byr\b|week|user|seat/i;

function itemOf(r: TextReader, el: Element): ContentItem | null {
  const quote = el.querySelector("blockquote");
  const details = el.tagName === "DETAILS" ? el : null;
  const priceEl = el.querySelector('[class*="price"]');
  const titleEl = details
    ? details.querySelector("summary")
    : (el.querySelector("h3, h4, h5, h2, [class*=heading], [class*=title], strong") ??
      (quote && el.querySelector("figcaption strong, cite")));
  const title = r.textOf(titleEl);
  if (!title || words(title) > 10) return null;
  const priceText = priceEl ? r.textOf(priceEl) : "";
  const para = [...el.querySelectorAll("p, blockquote")]
    .map((p) => r.textOf(p))
    .find((t) => words(t) >= 5 && t !== priceText);
  let priceLine = priceText;
  // "$19" with its period in the next line ("per user / month").
  const period = priceEl?.nextElementSibling;
  if (/^[$€£¥]?\s?[\d.,]+\s?[$€£¥]?$/.test(priceLine) && period && /per|\/|month|year/i.test(period.textContent ?? ""))
    priceLine += ` ${r.textOf(period)}`;
  // A card with no sentence of its own says a short value under its title ("Address" — "4923 Market Street").
  const rest = para ? "" : r.textOf(el).replace(title, "").trim();
  const detail = rest && words(rest) <= 12 && !priceText ? rest : null;
  const amount = PER.test(priceLine) ? (/[$€£¥]\s?[\d.,]+|[\d.,]+\s?[$€£¥]/.exec(priceLine)?.[0] ?? null) : null;
  return {
    title,
    text: para ? cut(para) : null,
    detail,
    picture: [...el.querySelectorAll("img")]
      .slice(0, 10)
      .some((img) => img.getBoundingClientRect().width >= 80 && r.shown(img)),
    kind: details ? "question" : quote ? "quote" : amount ? "plan" : "card",
    price: amount ? { amount, line: priceLine } : null,
    badge: r.textOf(el.querySelector('[class*="badge"]')) || null,
    points: [...el.querySelectorAll("li")]
      .map((li) => r.textOf(li))
      .filter(Boolean)
      .slice(0, 6),
    heading: !!titleEl && /^H[2-6]$/.test(titleEl.tagName) && !details,
  };
}

/** The box's largest run (three or more) of look-alike siblings: same tag, same classes. */
function runOf(r: TextReader, box: Element): Element[] {
  let best: Element[] = [];
  const sig = (k: Element) =>
    `${k.tagName}.${[...k.classList]
      .filter((c) => !/active|show|\d$/.test(c))
      .sort()
      .join(".")}`;
  for (const parent of [box, ...r.all("*", box)].slice(0, 800)) {
    if (parent.children.length < 3 || parent.children.length <= best.length) continue;
    const kids = [...parent.children].slice(0, 60).filter((k) => r.textOf(k));
    const counts = new Map<string, number>();
    for (const k of kids) counts.set(sig(k), (counts.get(sig(k)) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (top && top[1] >= 3 && top[1] > best.length) best = kids.filter((k) => sig(k) === top[0]);
  }
  return best.slice(0, 24);
}

interface Seen {
  charts: ContentChart[];
  chartEls: Element[];
  forms: ContentForm[];
  formEls: Element[];
  figureEls: Element[];
}

/** Each visible h2 (not a bare number) with what its section holds. */
export function readBlocks(r: TextReader, seen: Seen): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const h of r.all("h2")) {
    if (h.closest("[role=dialog], [role=tabpanel], .modal")) continue;
    const heading = r.textOf(h);
    if (!heading || NUMERIC.test(heading)) continue;
    const box = h.parentElement?.closest("section, article") ?? h.parentElement;
    if (!box) continue;
    let itemEls = [...box.querySelectorAll("article, details, figure")].filter(
      (e) =>
        e !== box && !e.parentElement?.closest("article, details, figure") && !e.querySelector("canvas, svg[role=img]"),
    );
    let items = itemEls.map((e) => itemOf(r, e)).filter((i): i is ContentItem => !!i);
    if (items.length === 0) {
      // Look-alike rows that hold their own h2 are the page's other blocks, not this one's items. They
      // are named in the narration but are no hover targets of their own (`heading` false): hovering
      // one shows nothing the block's scroll has not shown.
      itemEls = runOf(r, box).filter((e) => !e.contains(h) && !e.querySelector("h2"));
      items = itemEls
        .map((e) => itemOf(r, e))
        .filter((i): i is ContentItem => !!i)
        .map((i) => ({ ...i, heading: false }));
    }
    // Entries with no title of their own (an activity feed, a list of messages) are still counted.
    // A table's rows and a chart's legend are theirs, not a feed.
    const feed = items.length === 0 && !box.querySelector("table, canvas, svg, form");
    const entries = feed ? runOf(r, box).filter((e) => !e.contains(h) && !e.querySelector("h2")).length : 0;
    const text = [...box.querySelectorAll('p, [class*="footer"]')]
      .filter((p) => !itemEls.some((e) => e.contains(p)) && !p.querySelector("p") && !p.closest("[role=status]"))
      .map((p) => r.textOf(p))
      .filter((t) => words(t) >= 5)
      .slice(0, 3)
      .map(cut);
    blocks.push({
      heading,
      section: box.closest("section[id], article[id]")?.id || null,
      top: Math.round(h.getBoundingClientRect().top + window.scrollY),
      text,
      items: items.slice(0, 12),
      count: items.length,
      ...(entries >= 3 ? { entries } : {}),
      charts: seen.charts
        .filter((_, i) => box.contains(seen.chartEls[i] as Element))
        .map((c) => c.heading ?? c.label ?? "")
        .filter(Boolean),
      forms: seen.forms.filter((f, i) => f.fields.length > 0 && box.contains(seen.formEls[i] as Element)),
      pictures: [...box.querySelectorAll("img")]
        .slice(0, 100)
        .filter(
          (img) => !itemEls.some((e) => e.contains(img)) && img.getBoundingClientRect().width >= 80 && r.shown(img),
        ).length,
    });
  }
  // Sections with no h2, and the parts a same-page link points at (a gallery in a plain div#portfolio).
  const linked = r
    .all('a[href^="#"]', document.body)
    .map((a) => document.getElementById(decodeURIComponent((a.getAttribute("href") ?? "").slice(1))))
    .filter((el): el is HTMLElement => !!el && el !== document.body && !el.matches("section"));
  for (const box of [...r.all("section"), ...new Set(linked)]) {
    if (box.querySelector("h2") || box.parentElement?.closest("section") || r.outside(box) || !r.shown(box)) continue;
    const block = headlessBlock(r, box);
    if (block) blocks.push(block);
  }
  // A footer of titled columns (a location, links around the web, an about note) is part of what the
  // page shows, not furniture like a copyright line.
  const footer = [...document.querySelectorAll("footer, [role=contentinfo]")].find(
    (f) => !f.parentElement?.closest("footer, [role=contentinfo]") && !f.contains(r.main) && r.shown(f),
  );
  const closing = footer ? headlessBlock(r, footer) : null;
  if (closing) blocks.push({ ...closing, landmark: "footer" });
  return blocks.sort((a, b) => a.top - b.top);
}

/**
 * A section with no h2 of its own (a template's projects, its contact cards): a block with no heading,
 * keyed by the section's id, its items the look-alike cards or else one per sub-heading.
 */
function headlessBlock(r: TextReader, box: Element): ContentBlock | null {
  const run = runOf(r, box);
  const itemEls = run.length > 0 ? run : headingBoxes(r, box);
  const items = itemEls.map((e) => itemOf(r, e)).filter((i): i is ContentItem => !!i);
  const pictures = [...box.querySelectorAll("img")]
    .slice(0, 100)
    .filter((img) => img.getBoundingClientRect().width >= 80 && r.shown(img)).length;
  // A gallery: pictures with no titled cards.
  if (items.length === 0 && pictures < 2) return null;
  const top = box.getBoundingClientRect().top;
  return {
    heading: "",
    section: box.id || null,
    top: Math.round(top + window.scrollY),
    below: top > window.innerHeight * 0.8,
    text: [],
    items: items.slice(0, 12),
    count: items.length,
    charts: [],
    pictures: items.length === 0 ? pictures : 0,
  };
}

/** Around each shown sub-heading (h3–h5), the largest box of the section that holds no other one. */
function headingBoxes(r: TextReader, box: Element): Element[] {
  const out: Element[] = [];
  for (const h of r.all("h3, h4, h5", box).slice(0, 24)) {
    if (!r.shown(h)) continue;
    let el: Element = h;
    while (el.parentElement && el.parentElement !== box && el.parentElement.querySelectorAll("h3, h4, h5").length === 1)
      el = el.parentElement;
    out.push(el);
  }
  return out.length >= 2 ? out : [];
}

/** Cards of an app page that are neither figures, charts, tables nor forms ("Invoices", "Billing Information"). */
export function readPanels(r: TextReader, seen: Seen): { title: string; entries: number }[] {
  const out: { title: string; entries: number }[] = [];
  for (const el of r.all('[class~="card"]')) {
    if (out.length >= 8) break;
    if (el.parentElement?.closest('[class~="card"]') || r.outside(el)) continue;
    if (el.querySelector("canvas, svg.apexcharts-svg, table, form") || seen.figureEls.some((f) => el.contains(f)))
      continue;
    if (!r.shown(el)) continue;
    const title = r.titleOf(el);
    if (!title || out.some((p) => p.title === title)) continue;
    out.push({ title, entries: [...el.querySelectorAll("li")].filter((li) => r.shown(li)).length });
  }
  return out;
}

export function readTabs(r: TextReader): PageContent["tabs"] {
  return (
    r
      .all("[role=tab]", document.body)
      .filter((t) => r.shown(t))
      .map((t) => {
        const panel = document.getElementById((t.getAttribute("aria-controls") ?? "").split(" ")[0] ?? "");
        const hd = panel?.querySelector("h1, h2, h3, h4, h5");
        const text = panel
          ? [...panel.querySelectorAll("p")]
              .map((p) => r.textOf(p))
              .filter((x) => words(x) >= 4)
              .slice(0, 3)
              .map(cut)
          : [];
        return {
          name: cleanText(t.getAttribute("aria-label")) || r.textOf(t),
          heading: hd ? r.textOf(hd) : null,
          text,
        };
      })
      // A tab with no word (a template's script clones one and labels it "-") is no tab a viewer reads.
      .filter((t) => /\p{L}/u.test(t.name))
  );
}

/** Cards with a price per something, wherever they sit (a pricing page need not head them with an h2). */
export function readPlans(r: TextReader): ContentItem[] {
  return r
    .all('article, [class*="plan"], [class~="card"]')
    .filter(
      (el) =>
        el.querySelector('[class*="price"]') &&
        !el.parentElement?.closest('article, [class*="plan"], [class~="card"]') &&
        r.shown(el),
    )
    .map((el) => itemOf(r, el))
    .filter((i): i is ContentItem => !!i && i.kind === "plan")
    .slice(0, 6);
}
