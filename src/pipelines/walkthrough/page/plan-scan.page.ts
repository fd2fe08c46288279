import { cleanText, isVisible } from "../../../media/browser/page/accessible-name.page.js";
import type { PageScan } from "../page-scan-types.js";
import { belowFold, controlName, controlRole, mainOf } from "./page-parts.page.js";

/**
 * What the planner reads off a page (page-scan-types.ts): visible elements only, controls by their
 * accessible name (what the beat's getByRole locator matches).
 */

const inFooter = (el: Element): boolean =>
  !!el.closest("footer, [role=contentinfo]") && !el.closest("header, [role=banner]");

/** The page's own links in its header and navigation, one per document. */
function navLinksOf(): PageScan["navLinks"] {
  const seen = new Set<string>();
  const links: PageScan["navLinks"] = [];
  const anchors = document.querySelectorAll<HTMLAnchorElement>(
    "header a[href], nav a[href], [role=navigation] a[href], [role=banner] a[href]",
  );
  for (const a of anchors) {
    if (inFooter(a) || !isVisible(a) || a.origin !== location.origin) continue;
    const name = controlName(a);
    const key = a.pathname + a.search;
    if (!name || seen.has(key)) continue;
    seen.add(key);
    links.push({ name, href: a.origin + a.pathname + a.search });
  }
  return links;
}

/** The main call to action: a primary button, or a same-origin link styled as one (not in a form). */
function ctaOf(main: Element): PageScan["cta"] {
  const el = [
    ...main.querySelectorAll('.button-primary, [class*="cta"] a, a[class*="primary"], button[class*="primary"]'),
    ...main.querySelectorAll("a.button, a.btn, button"),
  ].find((e) => isVisible(e) && (e.tagName === "A" || e.tagName === "BUTTON") && !e.closest("form") && controlName(e));
  if (!el) return null;
  if (!(el instanceof HTMLAnchorElement)) return { role: "button", name: controlName(el), href: null };
  if (el.origin !== location.origin) return null;
  return { role: "link", name: controlName(el), href: el.origin + el.pathname + el.search };
}

/** The selectors of the page's :hover rules, without the :hover (stylesheets of other origins unread). */
function hoverSelectors(): string[] {
  const selectors: string[] = [];
  for (const sheet of document.styleSheets) {
    let rules: CSSRule[] = [];
    try {
      rules = [...sheet.cssRules];
    } catch {
      rules = [];
    }
    for (const rule of rules) {
      const text = rule instanceof CSSStyleRule ? rule.selectorText : "";
      for (const part of text.split(",")) {
        if (part.includes(":hover")) selectors.push(part.replace(/:hover/g, "").trim() || "*");
      }
    }
  }
  return selectors;
}

/** Each card's first named control, when it has a hover style and its name is unique on the page. */
function cardActionsOf(main: Element): PageScan["cardActions"] {
  const names = [...document.querySelectorAll("a, button")].filter(isVisible).map(controlName);
  const hovers = hoverSelectors();
  const hoverable = (el: Element) =>
    hovers.some((sel) => {
      try {
        return el.matches(sel);
      } catch {
        return false;
      }
    });
  const actions: PageScan["cardActions"] = [];
  for (const card of main.querySelectorAll('[class*="card"]')) {
    // An editor's toolbar ("Bold (CTRL+B)") is a tool of the field it sits on, not something the card offers.
    if (card.querySelector('[role=toolbar], [contenteditable="true"], textarea')) continue;
    const el = [...card.querySelectorAll("a[href], button")].find((e) => isVisible(e) && controlName(e));
    if (!el) continue;
    const name = controlName(el);
    if (!hoverable(el) || names.filter((n) => n === name).length !== 1) continue;
    actions.push({ role: controlRole(el), name });
  }
  return actions;
}

export default function scan(): PageScan {
  const main = mainOf();
  const cardHeadings: string[] = [];
  for (const card of main.querySelectorAll('[class*="card"]')) {
    const h = card.querySelector("h2, h3, h4");
    if (h && isVisible(h) && cleanText(h.textContent)) cardHeadings.push(cleanText(h.textContent));
  }
  const sectionHeadings = [...main.querySelectorAll("h2")]
    .filter((h) => isVisible(h) && belowFold(h))
    .map((h) => cleanText(h.textContent))
    .filter(Boolean);
  const h1 = document.querySelector("h1");
  const p = [...main.querySelectorAll("p")].find(
    (el) => isVisible(el) && cleanText(el.textContent).split(" ").length >= 5,
  );
  const field = [
    ...document.querySelectorAll<HTMLInputElement>("form input[type=email]"),
    ...document.querySelectorAll<HTMLInputElement>("form input[type=text], form input:not([type])"),
  ].find(isVisible);
  const fieldName = field ? controlName(field) : "";
  const site = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"], meta[name="application-name"]');
  return {
    url: location.href,
    title: cleanText(document.title),
    h1: h1 ? cleanText(h1.textContent) : null,
    paragraph: p ? cleanText(p.textContent) : null,
    navLinks: navLinksOf(),
    cta: ctaOf(main),
    cardHeadings: [...new Set(cardHeadings)],
    cardActions: cardActionsOf(main),
    sectionHeadings,
    long: document.documentElement.scrollHeight > window.innerHeight * 1.2,
    textbox: field && fieldName ? { name: fieldName, type: field.type || "text" } : null,
    namedSite: cleanText(site?.content) || null,
  };
}
