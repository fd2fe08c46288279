import { cleanText, isVisible } from "../../../media/browser/page/accessible-name.page.js";
import type { CollectLimits, LinkRegion, PageSnapshot, SnapshotControl } from "../site-map-types.js";
import { controlName } from "./page-parts.page.js";

/**
 * A page's links for the site map (site-map-collect.page.ts): each visible link with the region it sits
 * in, a hidden one with the controls that show it, and the elements same-page #links point at.
 */

/** A control that may show what it controls: a link that goes nowhere, a button. */
export const TOGGLE = "a, button, [role=button]";

/** The element's CSS selector by its id, when it has one. */
export const cssOf = (el: Element): string | null => (el.id ? `#${CSS.escape(el.id)}` : null);

/** Where a link sits, by the landmark or list around it; `linksIn` counts a list's links (cached). */
function regionOf(a: Element, linksIn: (list: Element) => number): LinkRegion {
  if (a.closest("[role=tablist]")) return "tabs";
  if (a.closest('[aria-label*="breadcrumb" i], .breadcrumb, [class*="breadcrumb"]')) return "breadcrumb";
  if (a.closest("footer, [role=contentinfo]") && !a.closest("header, [role=banner]")) return "footer";
  if (a.closest('aside, [class*="sidebar"], [class*="side-nav"], [class*="sidenav"]')) return "sidebar";
  if (a.closest("nav, [role=navigation], [role=menubar], [role=menu]")) return "nav";
  if (a.closest("header, [role=banner]")) return "header";
  const list = a.closest("ul, ol, menu");
  if (list && linksIn(list) >= 3) return "list";
  return "main";
}

// A hidden link behind a control that shows it: a collapsed sidebar group, a dropdown, a phone-width
// menu button. The container hidden is the highest hidden ancestor; its opener is the control naming
// it (aria-controls, a Bootstrap target, a #id link), else the toggle just before it.

export function isToggle(el: Element | null): el is Element {
  if (!el?.matches(TOGGLE) || el.closest("[role=dialog], [aria-modal=true], .modal")) return false;
  const href = el.getAttribute("href");
  return (
    el.tagName !== "A" ||
    el.hasAttribute("aria-expanded") ||
    el.hasAttribute("data-bs-toggle") ||
    el.hasAttribute("data-toggle") ||
    !href ||
    href === "#" ||
    /^javascript:/i.test(href) ||
    href.startsWith("#")
  );
}

function openerOf(box: Element): { el: Element; css: string | null } | null {
  if (box.id) {
    const id = CSS.escape(box.id);
    const ref = document.querySelector(
      `[aria-controls~="${id}"], [data-bs-target="#${id}"], [data-target="#${id}"], a[href="#${id}"]`,
    );
    if (isToggle(ref))
      return { el: ref, css: cssOf(ref) ?? (ref.hasAttribute("aria-controls") ? `[aria-controls="${box.id}"]` : null) };
  }
  const prev = box.previousElementSibling;
  const toggle =
    prev &&
    (prev.matches(TOGGLE) ? prev : prev.querySelectorAll(TOGGLE).length === 1 ? prev.querySelector(TOGGLE) : null);
  return isToggle(toggle) ? { el: toggle, css: cssOf(toggle) } : null;
}

/** The controls that show a hidden element, outermost first; null when none does (or too many nest). */
function viaOf(el: Element, depth: number): SnapshotControl[] | null {
  let box = el;
  while (box.parentElement && box.parentElement !== document.body && !isVisible(box.parentElement))
    box = box.parentElement;
  if (box === el || depth > 2 || !box.parentElement || !isVisible(box.parentElement)) return null;
  const opener = openerOf(box);
  if (!opener) return null;
  const name = controlName(opener.el);
  if (!name && !opener.css) return null;
  const link =
    opener.el.tagName === "A" && opener.el.hasAttribute("href") && opener.el.getAttribute("role") !== "button";
  const control: SnapshotControl = { role: link ? "link" : "button", name, css: opener.css };
  if (isVisible(opener.el)) return [control];
  const outer = viaOf(opener.el, depth + 1);
  return outer ? [...outer, control] : null;
}

/**
 * The page's links, navigation first as documents put it (the first links are the ones the planner
 * ranks), at most `limits.kept` of the first `limits.considered`, and the sections its visible same-page
 * #links point at.
 */
export function readLinks(limits: CollectLimits): Pick<PageSnapshot, "links" | "sections"> {
  const counts = new Map<Element, number>();
  const linksIn = (list: Element): number => {
    let n = counts.get(list);
    if (n === undefined) {
      n = list.querySelectorAll("a[href]").length;
      counts.set(list, n);
    }
    return n;
  };
  const links: PageSnapshot["links"] = [];
  const sectionIds = new Set<string>();
  const anchors = document.querySelectorAll<HTMLAnchorElement>("a[href]");
  for (let i = 0; i < anchors.length && i < limits.considered && links.length < limits.kept; i++) {
    const a = anchors[i] as HTMLAnchorElement;
    const shown = isVisible(a);
    const via = shown ? null : viaOf(a, 0);
    if (!shown && !via) continue;
    const raw = a.getAttribute("href") ?? "";
    if (raw === "#" || /^(javascript|mailto|tel):/i.test(raw)) continue;
    const name = controlName(a);
    if (!name) continue;
    const region = regionOf(a, linksIn);
    links.push(via ? { name, href: a.href, region, via } : { name, href: a.href, region });
    if (!shown) continue;
    if (a.hash && a.origin === location.origin && a.pathname === location.pathname && a.search === location.search)
      sectionIds.add(decodeURIComponent(a.hash.slice(1)));
  }
  const sections: PageSnapshot["sections"] = [];
  for (const id of sectionIds) {
    const el = document.getElementById(id);
    if (!el || el === document.body || el === document.documentElement) continue;
    const h = /^H[1-6]$/.test(el.tagName) ? el : el.querySelector("h1, h2, h3, h4");
    sections.push({ id, heading: h && isVisible(h) ? cleanText(h.textContent) : null });
  }
  return { links, sections };
}
