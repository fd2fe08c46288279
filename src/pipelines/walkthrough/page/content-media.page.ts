import { cleanText } from "../../../media/browser/page/accessible-name.page.js";
import type { ContentChart, ContentForm, ContentTable } from "../page-content-types.js";
import type { TextReader } from "./content-text.page.js";

/** Chart kinds as names, classes and chart libraries' series spell them. */
const KINDS: [string, RegExp][] = [
  ["donut", /donut|doughnut/],
  ["pie", /pie/],
  ["area", /area/],
  ["bar", /bar|column|histogram/],
  ["line", /line|trend|sparkline/],
  ["radar", /radar|spider/],
  ["radial", /radial|gauge/],
  ["polar area", /polar/],
  ["scatter", /scatter|bubble/],
];

/** The box a chart or table sits in: a card, a figure, a widget, a section. */
const boxOf = (el: Element): Element | null =>
  el.closest(
    'figure, [class~="card"], [class*="card "], [class$="card"], [class*="widget"], [class*="panel"], article, section',
  );

/** An id the page wrote (not one a chart library generated), on the element or its two parents. */
function cssOf(el: Element): string | null {
  let e: Element | null = el;
  for (let n = 0; e && n < 3; e = e.parentElement, n++)
    if (e.id && !/apexcharts|svgjs|\d{4,}/i.test(e.id)) return `#${CSS.escape(e.id)}`;
  return el.id ? `#${CSS.escape(el.id)}` : null;
}

/** What kind of chart: an ApexCharts series class, else the names around the canvas, else the box's icon. */
function kindOf(c: Element): string | null {
  const near = [c, c.parentElement, c.parentElement?.parentElement]
    .filter((e): e is Element => !!e)
    .map((e) => `${e.id} ${e.getAttribute("class") ?? ""}`)
    .join(" ");
  const series = [
    ...c.querySelectorAll('[class*="apexcharts-"][class*="series"], .apexcharts-pie, .apexcharts-radialbar'),
  ]
    .slice(0, 10)
    .map((e) => e.getAttribute("class") ?? "")
    .join(" ");
  const box = boxOf(c);
  const icons = box
    ? [...box.querySelectorAll("i")]
        .slice(0, 3)
        .map((i) => i.getAttribute("class") ?? "")
        .join(" ")
    : "";
  for (const source of [series, near, icons]) {
    const hay = source.toLowerCase();
    for (const [kind, re] of KINDS) if (re.test(hay)) return kind;
  }
  return null;
}

/** Class names of icon sets that draw with SVG: "svg-inline--fa", "fa-…", "bi-…", "icon", "feather". */
const ICON_CLASS = /(^|\s)(svg-inline--fa|fa-[\w-]+|bi(-[\w-]+)?|icon[\w-]*|feather(-[\w-]+)?)(\s|$)/;

export function readCharts(r: TextReader): { charts: ContentChart[]; els: Element[] } {
  const found = r
    .all("canvas, svg[role=img], svg.apexcharts-svg, [class*='chart'] svg")
    .filter((c, i, a) => !a.some((o, j) => j !== i && o.contains(c)) && !r.outside(c) && r.shown(c.parentElement))
    // An icon drawn as SVG (Font Awesome's svg-inline, an icon set's sprite) is decoration, never a chart:
    // the author hid it from assistive technology, or its class names it an icon.
    .filter((c) => !c.closest('[aria-hidden="true"]') && !ICON_CLASS.test(c.getAttribute("class") ?? ""));
  const els = found
    .filter((c) => {
      const box = c.getBoundingClientRect();
      return box.width >= 80 && box.height >= 30;
    })
    .slice(0, 12);
  const charts = els.map((c) => {
    const box = boxOf(c);
    const footer = box?.querySelector('[class*="footer"], figcaption');
    return {
      label: cleanText(c.getAttribute("aria-label")) || null,
      heading: r.titleOf(box, c),
      note: (footer && r.textOf(footer)) || null,
      css: cssOf(c),
      kind: kindOf(c),
    };
  });
  return { charts, els };
}

export function readTables(r: TextReader): ContentTable[] {
  return r
    .all("table")
    .filter((t) => !r.outside(t) && r.shown(t))
    .slice(0, 6)
    .map((t) => {
      const box =
        t.closest('[class*="datatable"], [class*="dataTables"], [class~="card"], section, article') ?? t.parentElement;
      // A paging table says how many rows it holds ("Showing 1 to 10 of 57 entries").
      const info = box
        ? [...box.querySelectorAll('[class*="info"]')].map((e) => r.textOf(e)).find((s) => /\bof\s+[\d,]+/.test(s))
        : undefined;
      const total = info ? Number((/\bof\s+([\d,]+)/.exec(info)?.[1] ?? "").replace(/,/g, "")) || null : null;
      const search = box
        ? [
            ...box.querySelectorAll(
              'input[type=search], input[class*="search"], input[aria-controls], [class*="filter"] input, [class*="search"] input',
            ),
          ].some((x) => r.shown(x))
        : false;
      const rows = [...t.querySelectorAll("tbody tr")]
        .slice(0, 500)
        .map((row) => [...(row as HTMLTableRowElement).cells].slice(0, 8).map((c) => r.textOf(c).slice(0, 120)));
      return {
        heading:
          r.textOf(t.querySelector("caption")) ||
          cleanText(t.getAttribute("aria-label")) ||
          r.titleOf(t.closest('[class~="card"], section, article'), t),
        css: t.id ? `#${CSS.escape(t.id)}` : null,
        columns: [...t.querySelectorAll("thead th")].map((th) => r.textOf(th)).filter(Boolean),
        rows,
        total,
        search,
      };
    });
}

/** A field's label: aria-label, its <label>, the label around it, else its placeholder. */
function labelOf(r: TextReader, f: Element): string | null {
  const byFor = f.id ? document.querySelector(`label[for="${CSS.escape(f.id)}"]`) : null;
  const around = f.closest("label");
  return (
    cleanText(f.getAttribute("aria-label")) ||
    (byFor && r.textOf(byFor)) ||
    (around && r.textOf(around)) ||
    cleanText(f.getAttribute("placeholder")) ||
    null
  );
}

const NOT_A_FIELD = /^(hidden|submit|button|reset|image|checkbox|radio|file)$/;

/** Forms other than a search box: their fields by label, and what their button says. */
export function readForms(r: TextReader): { forms: ContentForm[]; els: Element[] } {
  const els = r
    .all("form")
    .filter((f) => !r.outside(f) && !f.querySelector("input[type=search]") && r.shown(f))
    .slice(0, 6);
  const forms = els.map((f) => {
    const fields = [...f.querySelectorAll("input, select, textarea")]
      .filter((x) => !NOT_A_FIELD.test((x as HTMLInputElement).type) && r.shown(x))
      .map((x) => labelOf(r, x))
      .filter((s): s is string => !!s)
      .map((s) => s.replace(/[*:]+$/, "").trim())
      .filter((s, i, a) => s && a.indexOf(s) === i)
      .slice(0, 10);
    const submit =
      [...f.querySelectorAll("button, input[type=submit]")]
        .filter((b) => r.shown(b))
        .map((b) => r.textOf(b) || cleanText((b as HTMLInputElement).value))
        .find(Boolean) ?? null;
    return {
      heading: cleanText(f.getAttribute("aria-label")) || r.titleOf(f.closest("section, [class~=card], article"), f),
      fields,
      submit,
    };
  });
  return { forms, els };
}
