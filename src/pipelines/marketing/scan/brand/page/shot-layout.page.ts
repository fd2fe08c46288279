import type { SectionKind, ShotLayout, ShotLayoutArg } from "../shot-layout-types.js";

/**
 * The page as the screenshots need it: its size and every visible section below the first screen
 * (named by what it says it is, else by what it holds), and fixed or sticky bars (a navbar, a cookie
 * strip) put out of sight before the shots below the first screen, so they neither cover a section nor
 * paint the top of the tall shot in the colours they take once the page scrolls.
 */

const STYLE_ID = "clipwright-shot-bars";
const LABELS: [SectionKind, RegExp][] = [
  ["pricing", /pric|\bplans?\b|billing/i],
  ["testimonials", /testimonial|review|quote|customers? (?:love|say)|what .* say|loved by|wall of love/i],
  ["faq", /\bfaqs?\b|frequently asked|questions/i],
  ["steps", /how (?:it|this) works|\bsteps?\b|getting started/i],
  ["team", /\bteam\b|our people|who we are/i],
  ["portfolio", /portfolio|projects?\b|our work|gallery|case stud/i],
  ["contact", /contact|get in touch|reach us|signup|sign-up|newsletter|subscribe/i],
  ["about", /about|our story|history|mission/i],
  ["features", /feature|benefit|capabilit|services?\b|why [a-z]+/i],
];
const CONTENT: [SectionKind, (el: Element) => boolean][] = [
  [
    "pricing",
    (el) => ((el.textContent ?? "").slice(0, 20_000).match(/[$€£¥]\s?\d|\d\s?(?:€|USD|EUR)/g) ?? []).length >= 2,
  ],
  ["testimonials", (el) => el.querySelectorAll("blockquote, figure cite, [class*=testimonial]").length >= 2],
  [
    "contact",
    (el) => el.querySelector("form input[type=email], address, a[href^='mailto:'], a[href^='tel:']") !== null,
  ],
  ["features", (el) => el.querySelectorAll("article, [class*=card], [class*=feature]").length >= 3],
];

function labelOf(el: Element): string {
  const h = el.querySelector("h1, h2, h3");
  const cls = typeof el.className === "string" ? el.className : "";
  return [el.id, cls, el.getAttribute("aria-label") ?? "", h?.textContent ?? ""].join(" ").slice(0, 400);
}

function kindOf(el: Element): SectionKind {
  const label = labelOf(el);
  for (const [kind, test] of LABELS) if (test.test(label)) return kind;
  for (const [kind, test] of CONTENT) if (test(el)) return kind;
  return "other";
}

function layout(minSectionCss: number, maxSections: number): ShotLayout {
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  const doc = document.documentElement;
  const docWidth = doc.clientWidth || window.innerWidth;
  const fold = window.innerHeight;
  const candidates = [
    ...document.querySelectorAll("section, main > div[id], body > div[id], [role=region], footer"),
  ].slice(0, 400);
  const chosen: { el: Element; kind: SectionKind; rect: ShotLayout["sections"][number]["rect"] }[] = [];
  for (const el of candidates) {
    if (chosen.length >= 60) break;
    if (chosen.some((c) => c.el.contains(el))) continue; // a section inside a section is shot with it
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    const top = r.top + window.scrollY;
    // The first screen is the hero shot's; a thin strip or a column is not a section.
    if (r.width < window.innerWidth * 0.5 || r.height < minSectionCss || top + r.height <= fold * 0.75) continue;
    const text = (el.textContent ?? "").trim();
    if (text === "" && el.querySelector("img, picture, video, canvas, svg") === null) continue;
    chosen.push({
      el,
      kind: kindOf(el),
      rect: { x: Math.max(0, r.left + window.scrollX), y: top, width: Math.min(r.width, docWidth), height: r.height },
    });
  }
  // Over the cap, the sections of a known kind are kept before the others; the shots go in page order.
  const kept = [...chosen]
    .sort((a, b) => Number(a.kind === "other") - Number(b.kind === "other"))
    .slice(0, maxSections);
  return {
    width: window.innerWidth,
    height: fold,
    docWidth,
    docHeight: Math.max(doc.scrollHeight, document.body?.scrollHeight ?? 0),
    sections: kept.map(({ kind, rect }) => ({ kind, rect })).sort((a, b) => a.rect.y - b.rect.y),
    bars: 0,
  };
}

function hideBars(attribute: string): number {
  let bars = 0;
  const all = document.body ? document.body.getElementsByTagName("*") : [];
  for (let i = 0; i < Math.min(all.length, 5_000); i++) {
    const el = all[i] as Element;
    const position = getComputedStyle(el).position;
    if (position !== "fixed" && position !== "sticky") continue;
    if (el.parentElement?.closest(`[${attribute}]`)) continue;
    el.setAttribute(attribute, "");
    bars++;
  }
  document.getElementById(STYLE_ID)?.remove();
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = `[${attribute}] { visibility: hidden !important; }`;
  (document.head ?? document.documentElement).appendChild(style);
  return bars;
}

function showBars(attribute: string): number {
  document.getElementById(STYLE_ID)?.remove();
  const marked = document.querySelectorAll(`[${attribute}]`);
  for (const el of marked) el.removeAttribute(attribute);
  return marked.length;
}

/**
 * The first screen's pictures decoded, its fonts loaded and its transitions ended: a shot taken earlier
 * differs scan to scan, and the palette reads its pixels.
 */
async function settle(maxMs: number): Promise<number> {
  const urls = new Set<string>();
  const waits: Promise<unknown>[] = [document.fonts.ready];
  const all = document.body ? document.body.getElementsByTagName("*") : [];
  for (let i = 0; i < Math.min(all.length, 3_000) && urls.size < 20; i++) {
    const el = all[i] as Element;
    const box = el.getBoundingClientRect();
    if (box.top >= window.innerHeight || box.bottom <= 0 || box.width === 0) continue;
    if (el instanceof HTMLImageElement && el.currentSrc) {
      urls.add(el.currentSrc);
      waits.push(el.decode());
    }
    for (const m of getComputedStyle(el).backgroundImage.matchAll(/url\(["']?([^"')]+)["']?\)/g)) {
      const src = m[1];
      if (!src || urls.has(src)) continue;
      urls.add(src);
      const image = new Image();
      image.src = src;
      waits.push(image.decode());
    }
  }
  // A navbar easing back to its top-of-page look (padding, background) after the reading scrolled: the
  // transitions that end are let end, so the shot is not taken at a different point of them each scan.
  for (const a of document.getAnimations().slice(0, 50)) {
    const end = a.effect?.getComputedTiming().endTime;
    if (typeof end === "number" && Number.isFinite(end)) waits.push(a.finished);
  }
  const settled = Promise.allSettled(waits);
  await Promise.race([settled, new Promise((done) => setTimeout(done, maxMs))]);
  // Two frames: what was decoded is painted.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return urls.size;
}

export default async function shotLayout(arg: ShotLayoutArg): Promise<ShotLayout> {
  if (arg.do === "layout") return layout(arg.minSectionCss, arg.maxSections);
  if (arg.do === "settle")
    return { width: 0, height: 0, docWidth: 0, docHeight: 0, sections: [], bars: await settle(arg.maxMs) };
  const bars = arg.do === "hide-bars" ? hideBars(arg.attribute) : showBars(arg.attribute);
  return { width: 0, height: 0, docWidth: 0, docHeight: 0, sections: [], bars };
}
