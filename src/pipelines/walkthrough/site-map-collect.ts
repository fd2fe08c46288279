import type { Page } from "playwright-core";
import { collectContent } from "./page-content.js";
import type { PageSnapshot } from "./site-map.js";

/**
 * Runs in the page (a string so the project needs no DOM types) and answers a PageSnapshot: visible
 * links with the region they sit in, the elements same-page #links point at, and what the page shows
 * (headings, metric cards, charts, tables and their search boxes, forms, tabs, primary buttons). Names
 * are mostly what a screen reader would say (aria-label, aria-labelledby, label, text).
 */
/** Links of a page looked at, and kept, at most: a catalogue page can hold tens of thousands. */
const MAX_LINKS_CONSIDERED = 3_000;
const MAX_LINKS_KEPT = 600;

const COLLECT = `(() => {
  const linkCounts = new Map();
  const linksIn = (list) => {
    if (!linkCounts.has(list)) linkCounts.set(list, list.querySelectorAll("a[href]").length);
    return linkCounts.get(list);
  };
  const clean = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const byIds = (ids) => clean(ids.split(/\\s+/).map((id) => document.getElementById(id)).filter(Boolean).map((n) => n.textContent).join(" "));
  // An icon font's ligature ("receipt_long" drawn as an icon) is no word of the name.
  const isIcon = (el) => /icon|symbol/i.test(typeof el.className === "string" ? el.className : "") && /^[a-z][a-z0-9_]*$/.test(clean(el.textContent));
  const textOf = (el) => {
    let text = "";
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(), n = 0; node && n < 200; node = walker.nextNode(), n++) {
      const parent = node.parentElement;
      if (parent && parent !== el && isIcon(parent)) continue;
      text += " " + node.textContent;
    }
    return clean(text) || clean(el.textContent);
  };
  const nameOf = (el) => {
    const label = el.getAttribute("aria-label");
    if (label && clean(label)) return clean(label);
    const by = el.getAttribute("aria-labelledby");
    if (by && byIds(by)) return byIds(by);
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT") {
      const l = (el.id && document.querySelector('label[for="' + CSS.escape(el.id) + '"]')) || el.closest("label");
      if (l && clean(l.textContent)) return clean(l.textContent);
      // Chromium's accessible name (what the beat's locator matches) takes title before placeholder.
      return clean(el.getAttribute("title") || el.getAttribute("placeholder") || "");
    }
    return textOf(el) || clean(el.getAttribute("title") || "");
  };
  const cssOf = (el) => (el.id ? "#" + CSS.escape(el.id) : null);
  const regionOf = (a) => {
    if (a.closest("[role=tablist]")) return "tabs";
    if (a.closest('[aria-label*="breadcrumb" i], .breadcrumb, [class*="breadcrumb"]')) return "breadcrumb";
    if (a.closest("footer, [role=contentinfo]") && !a.closest("header, [role=banner]")) return "footer";
    if (a.closest('aside, [class*="sidebar"], [class*="side-nav"], [class*="sidenav"]')) return "sidebar";
    if (a.closest("nav, [role=navigation], [role=menubar], [role=menu]")) return "nav";
    if (a.closest("header, [role=banner]")) return "header";
    const list = a.closest("ul, ol, menu");
    if (list && linksIn(list) >= 3) return "list";
    return "main";
  };
  // A hidden link behind a control that shows it: a collapsed sidebar group, a dropdown, a phone-width
  // menu button. The container hidden is the highest hidden ancestor; its opener is the control naming
  // it (aria-controls, a Bootstrap target, a #id link), else the toggle just before it.
  const TOGGLE = "a, button, [role=button]";
  const isToggle = (el) => {
    if (!el || !el.matches(TOGGLE) || el.closest("[role=dialog], [aria-modal=true], .modal")) return false;
    const href = el.getAttribute("href");
    return el.tagName !== "A" || el.hasAttribute("aria-expanded") || el.hasAttribute("data-bs-toggle") || el.hasAttribute("data-toggle") || !href || href === "#" || /^javascript:/i.test(href) || href.startsWith("#");
  };
  const openerOf = (box) => {
    if (box.id) {
      const id = box.id;
      const ref = document.querySelector('[aria-controls~="' + CSS.escape(id) + '"], [data-bs-target="#' + CSS.escape(id) + '"], [data-target="#' + CSS.escape(id) + '"], a[href="#' + CSS.escape(id) + '"]');
      if (isToggle(ref)) return { el: ref, css: cssOf(ref) || (ref.hasAttribute("aria-controls") ? '[aria-controls="' + id + '"]' : null) };
    }
    const prev = box.previousElementSibling;
    const toggle = prev && (prev.matches(TOGGLE) ? prev : prev.querySelectorAll(TOGGLE).length === 1 ? prev.querySelector(TOGGLE) : null);
    return isToggle(toggle) ? { el: toggle, css: cssOf(toggle) } : null;
  };
  const viaOf = (el, depth) => {
    let box = el;
    while (box.parentElement && box.parentElement !== document.body && !visible(box.parentElement)) box = box.parentElement;
    if (box === el || depth > 2 || !box.parentElement || !visible(box.parentElement)) return null;
    const opener = openerOf(box);
    if (!opener) return null;
    const name = nameOf(opener.el);
    if (!name && !opener.css) return null;
    const control = { role: opener.el.tagName === "A" && opener.el.hasAttribute("href") && opener.el.getAttribute("role") !== "button" ? "link" : "button", name, css: opener.css };
    if (visible(opener.el)) return [control];
    const outer = viaOf(opener.el, depth + 1);
    return outer ? [...outer, control] : null;
  };
  const links = [];
  const sectionIds = new Set();
  // Navigation comes first in a document: the first links are the ones the planner ranks.
  const anchors = document.querySelectorAll("a[href]");
  for (let i = 0; i < anchors.length && i < ${MAX_LINKS_CONSIDERED} && links.length < ${MAX_LINKS_KEPT}; i++) {
    const a = anchors[i];
    const shown = visible(a);
    const via = shown ? null : viaOf(a, 0);
    if (!shown && !via) continue;
    const raw = a.getAttribute("href") || "";
    if (raw === "#" || /^(javascript|mailto|tel):/i.test(raw)) continue;
    const name = nameOf(a);
    if (!name) continue;
    links.push(via ? { name, href: a.href, region: regionOf(a), via } : { name, href: a.href, region: regionOf(a) });
    if (!shown) continue;
    if (a.hash && a.origin === location.origin && a.pathname === location.pathname && a.search === location.search)
      sectionIds.add(decodeURIComponent(a.hash.slice(1)));
  }
  const sections = [];
  for (const id of sectionIds) {
    const el = document.getElementById(id);
    if (!el || el === document.body || el === document.documentElement) continue;
    const h = /^H[1-6]$/.test(el.tagName) ? el : el.querySelector("h1, h2, h3, h4");
    sections.push({ id, heading: h && visible(h) ? clean(h.textContent) : null });
  }
  const main = document.querySelector("main, [role=main]") || document.body;
  const headingEls = [...main.querySelectorAll("h2, h3")].filter(visible);
  const headings = headingEls.map((h) => clean(h.textContent)).filter(Boolean);
  const belowFold = headingEls
    .filter((h) => h.tagName === "H2" && h.getBoundingClientRect().top > window.innerHeight * 0.8)
    .map((h) => clean(h.textContent))
    .filter(Boolean);
  const metrics = [...main.querySelectorAll('[class*="metric"], [class*="stat"], [class*="kpi"]')]
    .filter((c) => visible(c) && c.querySelector('[class*="value"], [class*="number"], strong, dd'))
    .map((c) => clean((c.querySelector('[class*="label"], [class*="title"], dt, h3, h4') || {}).textContent))
    .filter(Boolean);
  const cardHeading = (el) => {
    const card = el.closest('[class*="card"], section, article, figure');
    const h = card && card.querySelector("h2, h3, h4, figcaption, caption");
    return h ? clean(h.textContent) : "";
  };
  const charts = [...main.querySelectorAll("canvas, svg[role=img], [class*='chart'] svg")]
    .filter((c) => visible(c) && c.getBoundingClientRect().width >= 80)
    .map((c) => clean(c.getAttribute("aria-label")) || cardHeading(c))
    .filter(Boolean);
  const searchBox = (el) => el.type === "search" || el.getAttribute("role") === "searchbox" || /search|filter/i.test(nameOf(el) + " " + (el.name || "") + " " + (el.getAttribute("placeholder") || ""));
  const controlOf = (el) => ({ role: el.type === "search" || el.getAttribute("role") === "searchbox" ? "searchbox" : "textbox", name: nameOf(el), css: cssOf(el) });
  const inputs = [...document.querySelectorAll("input:not([type]), input[type=search], input[type=text], input[type=email], textarea, [role=searchbox]")].filter(visible);
  const searches = inputs.filter(searchBox).map(controlOf).filter((c) => c.name || c.css);
  const tables = [];
  for (const t of main.querySelectorAll("table, [role=grid], [role=table]")) {
    if (!visible(t)) continue;
    const name = clean((t.querySelector("caption") || {}).textContent) || clean(t.getAttribute("aria-label")) || cardHeading(t);
    const controller = t.id && document.querySelector('[aria-controls~="' + CSS.escape(t.id) + '"]');
    const scope = t.closest('[class*="card"], section, article') || t.parentElement;
    const box = (controller && inputs.includes(controller) && controller) || inputs.find((i) => searchBox(i) && scope && scope.contains(i));
    tables.push({ name, search: box ? controlOf(box) : null });
  }
  const forms = [];
  for (const f of main.querySelectorAll("form")) {
    if (!visible(f)) continue;
    const fields = [...f.querySelectorAll("input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]), textarea")]
      .filter((i) => visible(i) && i.type !== "password" && !searchBox(i))
      .map((i) => ({ ...controlOf(i), type: i.type || "text" }))
      .filter((c) => c.name);
    if (fields.length > 0) forms.push({ name: clean(f.getAttribute("aria-label")) || cardHeading(f), fields });
  }
  const tabs = [...document.querySelectorAll("[role=tab]")].filter((t) => visible(t) && /\\p{L}/u.test(nameOf(t))).map((t) => ({ role: "tab", name: nameOf(t), css: cssOf(t) }));
  const buttons = [...main.querySelectorAll('button, a[class*="btn"], a[class*="button"]')]
    .filter((b) => visible(b) && /primary|cta/i.test(b.className) && nameOf(b))
    .map((b) => ({ role: b.tagName === "A" ? "link" : "button", name: nameOf(b), css: cssOf(b) }));
  // Controls that open a dialog (a modal, a lightbox) and the dialog's own name.
  const dialogs = [];
  for (const el of document.querySelectorAll('[data-bs-toggle="modal"], [data-toggle="modal"], [aria-haspopup="dialog"]')) {
    if (dialogs.length >= 24 || !visible(el)) continue;
    const attr = ["data-bs-target", "data-target", "aria-controls", "href"].find((x) => (el.getAttribute(x) || "").length > 1);
    const ref = attr ? el.getAttribute(attr) : "";
    const dialog = ref && document.getElementById(ref.replace(/^#/, ""));
    if (!dialog || visible(dialog)) continue;
    const title = dialog.querySelector("h1, h2, h3, h4, [class*=title]");
    // The dialog's title before its label: a label pointing at the dialog itself reads all of it.
    const name = (nameOf(el) || clean(title && title.textContent) || byIds(dialog.getAttribute("aria-labelledby") || "")).slice(0, 80);
    const css = cssOf(el) || "[" + attr + '="' + ref.replace(/["\\\\]/g, "") + '"]';
    const section = el.closest("section, article, [role=region]");
    const sectionHeading = section && section.querySelector("h1, h2, h3");
    dialogs.push({ name, control: { role: el.matches(TOGGLE) ? (el.tagName === "A" ? "link" : "button") : "", name, css }, section: section ? clean(sectionHeading && sectionHeading.textContent) || section.id || null : null });
  }
  // The page's parts (landmark sections and articles) with their first heading and what the template
  // calls them (id, class, label): "the features" finds a section a nav link never points at.
  const parts = [];
  for (const el of main.querySelectorAll("section, article, [role=region]")) {
    if (parts.length >= 40 || !visible(el)) continue;
    const h = el.querySelector("h1, h2, h3");
    if (!h || !visible(h) || !clean(h.textContent)) continue;
    const words = clean([el.id, typeof el.className === "string" ? el.className : "", el.getAttribute("aria-label") || ""].join(" "));
    parts.push({ heading: clean(h.textContent), words, top: Math.round(h.getBoundingClientRect().top + window.scrollY) });
  }
  const h1 = document.querySelector("h1");
  return {
    url: location.href,
    title: clean(document.title),
    h1: h1 && visible(h1) ? clean(h1.textContent) : null,
    links,
    sections,
    headings: [...new Set(headings)],
    belowFold: [...new Set(belowFold)],
    metrics: [...new Set(metrics)],
    charts,
    tables,
    searches,
    forms,
    tabs,
    buttons,
    dialogs,
    parts,
  };
})()`;

export async function collectSnapshot(page: Page): Promise<PageSnapshot> {
  const snapshot = (await page.evaluate(COLLECT)) as PageSnapshot;
  return { ...snapshot, content: await collectContent(page) };
}
