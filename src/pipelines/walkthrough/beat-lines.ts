import { cap, count, inline, listOf, lowerFirst, q, quote, sentencesOf, titles } from "./line-text.js";
import type { ContentBlock, ContentChart, ContentItem, ContentTable, PageContent } from "./page-content.js";
import type { PageSnapshot } from "./site-map.js";

/**
 * English presenter sentences for one beat, from what its page says (page-content.ts). Each subject
 * answers its sentences in order: the first says what the beat shows and is always spoken; the others
 * are the page's own text, taken while the beat's word budget lasts (narration-writer.ts). `variant`
 * picks another opening so consecutive lines do not all start alike. Names and numbers are as the page
 * wrote them; nothing is said that the page does not say.
 */

export type BeatSubject =
  | { kind: "start"; site: string; page: PageSnapshot | null; sections: string[] }
  | { kind: "page"; name: string; page: PageSnapshot | null }
  | { kind: "figures"; content: PageContent }
  | { kind: "chart"; chart: ContentChart }
  | { kind: "table"; table: ContentTable }
  | { kind: "section"; name: string | null; blocks: ContentBlock[]; charts: ContentChart[] }
  | { kind: "item"; item: ContentItem }
  | { kind: "tab"; name: string; heading: string | null; text: string[] }
  | { kind: "search"; value: string; table: ContentTable | null }
  | { kind: "fill"; field: string; value: string }
  | { kind: "cta"; name: string; page: PageSnapshot | null };

const pick = <T>(options: T[], variant: number): T => options[variant % options.length] as T;

function pageWord(page: PageSnapshot | null, fallback: string): string {
  const h1 = page?.h1?.trim();
  return h1 && h1.split(" ").length <= 3 ? `The ${inline(h1)}` : fallback;
}

function figureLines(c: PageContent, opener: string): string[] {
  const f = c.figures;
  if (f.length < 2) return [];
  const labels = f.map((x) => inline(x.label));
  const values = f.map((x, i) => `${x.value} for ${labels[i]}`);
  return [`${opener} on ${count(f.length)} figures: ${listOf(labels)}.`, `They read ${listOf(values)}.`];
}

function chartLine(c: ContentChart, variant: number): string {
  const heading = c.heading ?? "";
  const label = (c.label ?? "").replace(/[.]$/, "");
  const name = heading ? `the ${heading} chart` : "the chart";
  const lead = pick(["", "Up close, ", "Zooming in, "], variant);
  const Name = lead ? name : cap(name);
  if (!label || label.toLowerCase() === heading.toLowerCase()) return `${lead}${Name} fills the view.`;
  if (heading && label.toLowerCase().startsWith(heading.toLowerCase())) {
    const rest = label
      .slice(heading.length)
      .replace(/^[\s:,;–—-]+/, "")
      .trim();
    const parts = rest.split(/,\s+/);
    const body = parts.length > 2 ? listOf(parts) : rest;
    if (/^from\b/i.test(rest)) return `${lead}${Name} runs ${body}.`;
    return `${lead}${Name} splits into ${body}.`;
  }
  return `${lead}${Name} plots ${lowerFirst(label)}.`;
}

function tableLine(t: ContentTable, variant: number): string {
  const lead = pick(["", "Up close, "], variant);
  const name = t.heading ? `the ${t.heading} table` : "the table";
  const cols = t.columns.length > 0 ? `, with columns for ${listOf(t.columns.map(inline))}` : "";
  return `${lead}${lead ? name : cap(name)} lists ${t.rows.length} rows${cols}.`;
}

function itemLines(item: ContentItem, variant: number): string[] {
  if (item.kind === "plan" && item.price) {
    const badge = item.badge ? `, marked ${inline(item.badge)},` : "";
    const price = item.price.line.replace(/\s*\/\s*/g, " a ");
    const points = item.points.length > 0 ? [`It includes ${listOf(item.points.map(inline))}.`] : [];
    return [`The ${item.title} plan${badge} costs ${price}.`, ...points, ...sentencesOf(item.text)];
  }
  if (item.kind === "quote") return [`${item.title} puts it this way.`, ...sentencesOf(item.text).map((s) => `“${s}”`)];
  const title = `“${item.title.replace(/[.:]$/, "")}”`;
  const open = pick([`Take ${title}.`, `One card promises ${title}.`, `Then there is ${title}.`], variant);
  return joinFirst([open, ...sentencesOf(item.text)]);
}

function blockItemLines(b: ContentBlock): string[] {
  const items = b.items;
  if (items.length === 0) return [];
  const kind = items[0]?.kind;
  const plans = items.filter((i) => i.kind === "plan" && i.price);
  if (kind === "plan" && plans.length >= 2) {
    const unit = (plans[0]?.price?.line ?? "").replace(plans[0]?.price?.amount ?? "", "").trim();
    const each = plans.map((p) => `${p.title} at ${p.price?.amount}`);
    return [`${cap(count(plans.length))} plans: ${listOf(each)}${unit ? ` ${unit.replace(/\s*\/\s*/g, " a ")}` : ""}.`];
  }
  if (kind === "question")
    return [
      `${cap(count(items.length))} questions are answered, starting with “${items[0]?.title.replace(/[.]$/, "")}”`,
      ...sentencesOf(items[0]?.text).slice(0, 1),
    ];
  if (kind === "quote")
    return [
      `${cap(count(items.length))} customers have their say, starting with ${items[0]?.title}.`,
      ...sentencesOf(items[0]?.text)
        .slice(0, 1)
        .map((s) => `“${s}”`),
    ];
  const names = titles(items.map((i) => i.title));
  return items.length > 3
    ? [`${cap(count(items.length))} cards follow, from ${names[0]} to ${names[names.length - 1]}.`]
    : [`The cards cover ${listOf(names)}.`];
}

function sectionLines(s: Extract<BeatSubject, { kind: "section" }>, variant: number): string[] {
  const headings = s.blocks.map((b) => b.heading);
  const first = s.blocks[0];
  const heading = headings[0] ?? s.name ?? "";
  const plans = first?.items.filter((i) => i.kind === "plan" && i.price) ?? [];
  let open: string;
  const quoted = `“${heading.replace(/[.:]$/, "")}”`;
  if (plans.length >= 2 && first)
    open = (blockItemLines(first)[0] as string).replace(
      /^\S+ plans/,
      (m) => `${s.name ? `The ${s.name} section` : "The page"} lays out ${m.toLowerCase()}`,
    );
  else if (s.name && heading && s.name.toLowerCase() !== heading.toLowerCase())
    open = pick(
      [
        `Next up is ${s.name}, under the heading ${quoted}.`,
        `Further down, the ${s.name} section opens with ${quoted}.`,
        `Then the ${s.name} section, headed ${quoted}.`,
      ],
      variant,
    );
  else if (headings.length > 1) open = `Further down sit ${listOf(titles(headings))}.`;
  else open = pick([`Further down comes ${quoted}.`, `Lower on the page: ${quoted}.`], variant);
  const out = [open];
  for (const b of s.blocks) out.push(...b.text.flatMap(sentencesOf));
  for (const c of s.charts) out.push(chartLine(c, 0), ...sentencesOf(c.note));
  if (first && !(plans.length >= 2)) out.push(...blockItemLines(first));
  return dedupe(out);
}

const dedupe = (lines: string[]): string[] => [...new Set(lines.filter(Boolean))];

/** An opening that says little on its own ("Welcome to X.") is spoken with the sentence after it. */
const joinFirst = (lines: string[]): string[] => {
  const [a, b, ...rest] = dedupe(lines);
  return b ? [`${a} ${b}`, ...rest] : a ? [a] : [];
};

function pageSummary(p: PageSnapshot | null): string | null {
  const c = p?.content;
  if (!c) return null;
  if (c.charts.length >= 2)
    return `${count(c.charts.length)} charts: ${listOf(c.charts.map((x) => x.heading ?? x.label ?? "").map(inline))}.`;
  if (c.tables.length === 1 && c.tables[0]) {
    const t = c.tables[0];
    return t.heading ? `the ${t.heading}.` : "one table.";
  }
  if (c.tabs.length >= 2) return `${count(c.tabs.length)} tabs: ${listOf(c.tabs.map((t) => t.name))}.`;
  return null;
}

/** The beat's sentences, the essential one first. */
export function beatLines(subject: BeatSubject, variant: number): string[] {
  switch (subject.kind) {
    case "start": {
      const { page, site } = subject;
      const c = page?.content;
      const out = [`Welcome to ${site}.`];
      const figures = c ? figureLines(c, `${pageWord(page, "The start page")} opens`) : [];
      const h1 = page?.h1?.trim();
      if (figures.length === 0 && h1 && h1.toLowerCase() !== site.toLowerCase())
        out.push(`The front page leads with ${`“${h1.replace(/[.:]$/, "")}”`}.`);
      out.push(...figures, ...(c?.lead ?? []).flatMap(sentencesOf));
      if (subject.sections.length >= 2) out.push(`The page covers ${listOf(subject.sections)}.`);
      const summary = pageSummary(page);
      if (summary && figures.length > 0) out.push(`Below the figures sit ${summary}`);
      return joinFirst(out);
    }
    case "page": {
      const { name, page } = subject;
      const summary = pageSummary(page);
      const opens = summary
        ? pick(
            [
              `The ${name} page holds ${summary}`,
              `A click on ${name} brings up ${summary}`,
              `${name} opens on ${summary}`,
            ],
            variant,
          )
        : pick([`Let's open ${name}.`, `Now for ${name}.`, `${name} is the next stop.`], variant);
      const lead = (page?.content?.lead ?? []).flatMap(sentencesOf);
      const h1 = page?.h1?.trim();
      const headline = h1 && h1.toLowerCase() !== name.toLowerCase() ? `Its headline reads ${quote(h1)}.` : "";
      const figures = page?.content ? figureLines(page.content, `${pageWord(page, "The page")} opens`) : [];
      const plans = (page?.content?.plans ?? []).filter((i) => i.kind === "plan");
      const priced =
        plans.length >= 2 ? blockItemLines({ heading: "", top: 0, text: [], items: plans, charts: [] }) : [];
      const lines = [opens, headline, ...figures, ...priced, ...lead];
      return summary ? dedupe(lines) : joinFirst(lines);
    }
    case "figures":
      return figureLines(subject.content, "The page opens");
    case "chart":
      return dedupe([chartLine(subject.chart, variant), ...sentencesOf(subject.chart.note)]);
    case "table":
      return [tableLine(subject.table, variant)];
    case "section":
      return sectionLines(subject, variant);
    case "item":
      return dedupe(itemLines(subject.item, variant));
    case "tab": {
      const open = pick(
        [
          `Let's switch to the ${subject.name} tab.`,
          `One more click opens the ${subject.name} tab.`,
          `The ${subject.name} tab is next.`,
        ],
        variant,
      );
      const heading =
        subject.heading && subject.heading.toLowerCase() !== subject.name.toLowerCase()
          ? `It is headed ${q(subject.heading)}.`
          : "";
      return dedupe([open, heading, ...subject.text.flatMap(sentencesOf)]);
    }
    case "search": {
      const { value, table } = subject;
      if (!table) return [`Typing ${value} into the search box filters the list as you type.`];
      const needle = value.toLowerCase();
      const left = table.rows.filter((r) => r.join(" ").toLowerCase().includes(needle));
      const what = table.heading ? `the ${table.heading}` : "the table";
      const first =
        left.length === 0
          ? `A search for ${value} leaves ${what} empty.`
          : `Typing ${value} into the search box narrows ${what} from ${table.rows.length} rows to ${left.length}.`;
      const names = left.map((r) => r[0] ?? "").filter(Boolean);
      const rest =
        names.length === 0
          ? []
          : names.length <= 3
            ? [`${listOf(names)} ${names.length === 1 ? "remains" : "remain"}.`]
            : [`${listOf([...names.slice(0, 3), `${count(names.length - 3)} more`])} remain.`];
      return [first, ...rest];
    }
    case "fill":
      return [`The form asks for ${inline(subject.field)} first, so let's type ${subject.value}.`];
    case "cta": {
      const h1 = subject.page?.h1?.trim();
      return dedupe([
        h1 ? `A click on ${subject.name} opens ${quote(h1)}.` : `When you are ready, choose ${subject.name}.`,
        ...(subject.page?.content?.lead ?? []).flatMap(sentencesOf),
      ]);
    }
  }
}
