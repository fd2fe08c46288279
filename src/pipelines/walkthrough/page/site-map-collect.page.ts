import { cleanText, isVisible } from "../../../media/browser/page/accessible-name.page.js";
import type { CollectedSnapshot, CollectLimits, SnapshotControl } from "../site-map-types.js";
import { dialogOpeners } from "./dialog-openers.page.js";
import { belowFold, controlName, controlRole, mainOf } from "./page-parts.page.js";
import { cssOf, readLinks, TOGGLE } from "./site-map-links.page.js";

/**
 * What the site map reads off a page (site-map-types.ts): visible links with the region they sit in, the
 * elements same-page #links point at (site-map-links.page.ts), and what the page shows (headings, metric
 * cards, charts, tables and their search boxes, forms, tabs, primary buttons, dialogs, its parts).
 * Controls are named by their accessible name (what the beat's getByRole locator matches).
 */

const textOf = (el: Element | null | undefined): string => cleanText(el?.textContent);

/** The text of the elements an id list (aria-labelledby) names. */
const byIds = (ids: string): string =>
  cleanText(
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent)
      .filter(Boolean)
      .join(" "),
  );

/** The heading of the card, section, article or figure around the element. */
function cardHeading(el: Element): string {
  const card = el.closest('[class*="card"], section, article, figure');
  return textOf(card?.querySelector("h2, h3, h4, figcaption, caption"));
}

const isSearchBox = (el: Element): boolean =>
  (el instanceof HTMLInputElement && el.type === "search") ||
  el.getAttribute("role") === "searchbox" ||
  /search|filter/i.test(`${controlName(el)} ${el.getAttribute("name") ?? ""} ${el.getAttribute("placeholder") ?? ""}`);

const controlOf = (el: Element): SnapshotControl => ({
  role:
    (el instanceof HTMLInputElement && el.type === "search") || el.getAttribute("role") === "searchbox"
      ? "searchbox"
      : "textbox",
  name: controlName(el),
  css: cssOf(el),
});

/** Tables (caption, label or their card's heading) and the search box that filters each. */
function tablesOf(main: Element, inputs: Element[]): CollectedSnapshot["tables"] {
  const tables: CollectedSnapshot["tables"] = [];
  for (const t of main.querySelectorAll("table, [role=grid], [role=table]")) {
    if (!isVisible(t)) continue;
    const name = textOf(t.querySelector("caption")) || cleanText(t.getAttribute("aria-label")) || cardHeading(t);
    const controller = t.id ? document.querySelector(`[aria-controls~="${CSS.escape(t.id)}"]`) : null;
    const scope = t.closest('[class*="card"], section, article') ?? t.parentElement;
    const box =
      inputs.find((i) => i === controller) ?? inputs.find((i) => isSearchBox(i) && !!scope && scope.contains(i));
    tables.push({ name, search: box ? controlOf(box) : null });
  }
  return tables;
}

/** Visible forms with their named fields (no password, choice or search fields). */
function formsOf(main: Element): CollectedSnapshot["forms"] {
  const forms: CollectedSnapshot["forms"] = [];
  for (const f of main.querySelectorAll("form")) {
    if (!isVisible(f)) continue;
    const fields = [
      ...f.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]), textarea",
      ),
    ]
      .filter((i) => isVisible(i) && i.type !== "password" && !isSearchBox(i))
      .map((i) => ({ ...controlOf(i), type: i.type || "text" }))
      .filter((c) => c.name);
    if (fields.length > 0) forms.push({ name: cleanText(f.getAttribute("aria-label")) || cardHeading(f), fields });
  }
  return forms;
}

/** Controls that open a dialog (a modal, a lightbox), named by the control, else the dialog's title. */
function dialogsOf(): NonNullable<CollectedSnapshot["dialogs"]> {
  const dialogs: NonNullable<CollectedSnapshot["dialogs"]> = [];
  for (const { el, dialog, css } of dialogOpeners(isVisible, 24)) {
    const title = dialog.querySelector("h1, h2, h3, h4, [class*=title]");
    // The dialog's title before its label: a label pointing at the dialog itself reads all of it.
    const name = (controlName(el) || textOf(title) || byIds(dialog.getAttribute("aria-labelledby") ?? "")).slice(0, 80);
    const section = el.closest("section, article, [role=region]");
    const sectionHeading = section?.querySelector("h1, h2, h3");
    dialogs.push({
      name,
      control: { role: el.matches(TOGGLE) ? controlRole(el) : "", name, css },
      section: section ? textOf(sectionHeading) || section.id || null : null,
    });
  }
  return dialogs;
}

/**
 * The page's parts (landmark sections and articles) with their first heading and what the template calls
 * them (id, class, label): "the features" finds a section a nav link never points at.
 */
function partsOf(main: Element): NonNullable<CollectedSnapshot["parts"]> {
  const parts: NonNullable<CollectedSnapshot["parts"]> = [];
  for (const el of main.querySelectorAll("section, article, [role=region]")) {
    if (parts.length >= 40 || !isVisible(el)) continue;
    const h = el.querySelector("h1, h2, h3");
    if (!h || !isVisible(h) || !textOf(h)) continue;
    const className = typeof el.className === "string" ? el.className : "";
    const words = cleanText([el.id, className, el.getAttribute("aria-label") ?? ""].join(" "));
    parts.push({ heading: textOf(h), words, top: Math.round(h.getBoundingClientRect().top + window.scrollY) });
  }
  return parts;
}

export default function collect(limits: CollectLimits): CollectedSnapshot {
  const { links, sections } = readLinks(limits);
  const main = mainOf();
  const headingEls = [...main.querySelectorAll("h2, h3")].filter(isVisible);
  const headings = headingEls.map(textOf).filter(Boolean);
  const belowFoldHeadings = headingEls
    .filter((h) => h.tagName === "H2" && belowFold(h))
    .map(textOf)
    .filter(Boolean);
  const metrics = [...main.querySelectorAll('[class*="metric"], [class*="stat"], [class*="kpi"]')]
    .filter((c) => isVisible(c) && c.querySelector('[class*="value"], [class*="number"], strong, dd'))
    .map((c) => textOf(c.querySelector('[class*="label"], [class*="title"], dt, h3, h4')))
    .filter(Boolean);
  const charts = [...main.querySelectorAll("canvas, svg[role=img], [class*='chart'] svg")]
    .filter((c) => isVisible(c) && c.getBoundingClientRect().width >= 80)
    .map((c) => cleanText(c.getAttribute("aria-label")) || cardHeading(c))
    .filter(Boolean);
  const inputs = [
    ...document.querySelectorAll(
      "input:not([type]), input[type=search], input[type=text], input[type=email], textarea, [role=searchbox]",
    ),
  ].filter(isVisible);
  const searches = inputs
    .filter(isSearchBox)
    .map(controlOf)
    .filter((c) => c.name || c.css);
  const tabs = [...document.querySelectorAll("[role=tab]")]
    .filter((t) => isVisible(t) && /\p{L}/u.test(controlName(t)))
    .map((t) => ({ role: "tab", name: controlName(t), css: cssOf(t) }));
  const buttons = [...main.querySelectorAll('button, a[class*="btn"], a[class*="button"]')]
    .filter((b) => isVisible(b) && /primary|cta/i.test(b.className) && controlName(b))
    .map((b) => ({ role: controlRole(b), name: controlName(b), css: cssOf(b) }));
  const h1 = document.querySelector("h1");
  return {
    url: location.href,
    title: cleanText(document.title),
    h1: h1 && isVisible(h1) ? textOf(h1) : null,
    links,
    sections,
    headings: [...new Set(headings)],
    belowFold: [...new Set(belowFoldHeadings)],
    metrics: [...new Set(metrics)],
    charts,
    tables: tablesOf(main, inputs),
    searches,
    forms: formsOf(main),
    tabs,
    buttons,
    dialogs: dialogsOf(),
    parts: partsOf(main),
  };
}
