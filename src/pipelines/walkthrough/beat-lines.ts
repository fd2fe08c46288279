import {
  chartLines,
  figureSentences,
  firstRowSentence,
  formSentence,
  itemSentences,
  itemsSentences,
  panelSentence,
  tableLines,
  tableSubject,
} from "./content-lines.js";
import { cap, count, inline, listOf, q, quote } from "./line-text.js";
import type {
  ContentBlock,
  ContentChart,
  ContentDialog,
  ContentForm,
  ContentItem,
  ContentTable,
  PageContent,
} from "./page-content.js";
import {
  aheadSentence,
  headlineOf,
  loosePanels,
  navSentence,
  pageSummary,
  pageWord,
  taglineSentence,
} from "./page-lines.js";
import type { PageSnapshot } from "./site-map.js";
import { sayable, shortQuote } from "./spoken-names.js";
import { Variety } from "./variety.js";

/**
 * English presenter sentences for one beat, describing what its page shows (page-content.ts) as a
 * presenter would: the page's purpose from its title and headline, figures as label and value, charts by
 * title and kind, tables by subject, columns and rows, forms by their fields, blocks by what they hold.
 * The first sentence says what the beat shows and is always spoken; the others are taken while the
 * beat's word budget lasts (narration-writer.ts). Body paragraphs are never read out: a heading or a
 * short tagline is quoted at most. `variety` keeps one video's sentence frames from repeating.
 */

export type BeatSubject =
  | { kind: "start"; site: string; page: PageSnapshot | null; sections: string[] }
  | { kind: "page"; name: string; page: PageSnapshot | null }
  | { kind: "figures"; content: PageContent }
  | { kind: "chart"; chart: ContentChart }
  | { kind: "table"; table: ContentTable }
  | { kind: "section"; name: string | null; blocks: ContentBlock[]; charts: ContentChart[]; dialogs?: ContentDialog[] }
  | { kind: "item"; item: ContentItem }
  | { kind: "tab"; name: string; heading: string | null; text: string[] }
  | { kind: "search"; value: string; table: ContentTable | null }
  | { kind: "fill"; field: string; value: string; form: ContentForm | null }
  | { kind: "cta"; name: string; page: PageSnapshot | null }
  | { kind: "dialog"; dialog: ContentDialog }
  | { kind: "control"; name: string }
  | { kind: "figure"; label: string; value: string }
  | { kind: "heading"; name: string }
  | { kind: "scroll" };

const dedupe = (lines: string[]): string[] => [...new Set(lines.filter(Boolean))];

/** An opening that says little on its own ("Welcome to X.") is spoken with the sentence after it. */
const joinFirst = (lines: string[]): string[] => {
  const [a, b, ...rest] = dedupe(lines);
  return b ? [`${a} ${b}`, ...rest] : a ? [a] : [];
};

function sectionLines(s: Extract<BeatSubject, { kind: "section" }>, v: Variety): string[] {
  const first = s.blocks[0];
  const heading = sayable(first?.heading || s.name);
  const name = sayable(s.name);
  const headings = s.blocks.map((b) => sayable(b.heading)).filter((h): h is string => !!h);
  const plans = first?.items.filter((i) => i.kind === "plan" && i.price) ?? [];
  // What the block holds (a pricing block says its plans in its opening instead).
  const held = first && plans.length < 2 ? itemsSentences(first, v) : [];
  let open: string;
  if (first?.landmark === "footer")
    open = v.opener("section.footer", ["At the foot of the page sits the footer.", "The footer closes the page."]);
  else if (plans.length >= 2 && first)
    open = (itemsSentences(first, v)[0] as string).replace(
      /^\S+ plans/,
      (m) => `${name ? `The ${name} section` : "The page"} lays out ${m.toLowerCase()}`,
    );
  else if (name && heading && name.toLowerCase() !== heading.toLowerCase())
    open = v.opener("section.named", [
      `Next up is ${name}, under the heading ${quote(heading)}.`,
      `Further down, the ${name} section opens with ${quote(heading)}.`,
      `Then the ${name} section, headed ${quote(heading)}.`,
      `After that comes ${name}, headed ${quote(heading)}.`,
    ]);
  else if (headings.length > 1) open = `Further down sit ${listOf(titles(headings))}.`;
  else if (heading)
    open = v.opener("section.heading", [
      `Further down comes ${quote(heading)}.`,
      `Lower on the page: ${quote(heading)}.`,
      `Scrolling on, we reach ${quote(heading)}.`,
      `On we go to ${quote(heading)}.`,
    ]);
  else if (held.length > 0) open = "";
  else open = v.opener("section.plain", ["Let's scroll further down.", "The page goes on below."]);
  // A block with neither name nor heading opens with what it holds.
  const out = open ? [open] : [];
  const line = shortQuote(first?.text[0]);
  if (line && line.split(" ").length >= 4) out.push(`Its opening line: ${quote(line)}.`);
  for (const c of s.charts) out.push(...chartLines(c, v));
  out.push(...held);
  if (first && first.items.length === 0 && first.pictures === 1)
    out.push(v.pick("section.picture", ["A large picture goes with it.", "A wide picture sits below the text."]));
  out.push(openedSentence(s.dialogs ?? [], v) ?? "");
  for (const f of first?.forms ?? []) out.push(formSentence(f, v) ?? "");
  return dedupe(out);
}

const titles = (items: string[]): string[] => items.map((i) => quote(i));

/** The beat's sentences, the essential one first. */
export function beatLines(subject: BeatSubject, variety: Variety = new Variety()): string[] {
  const v = variety;
  switch (subject.kind) {
    case "start": {
      const { page, site } = subject;
      const c = page?.content;
      const out = [`Welcome to ${site}.`];
      const figures = c ? figureSentences(c.figures, `${pageWord(page, "The start page", site)} opens`, v) : [];
      const h1 = headlineOf(page);
      // A marketing headline is worth saying even above figures; an app's one-word "Dashboard" is not.
      if (h1 && h1.toLowerCase() !== site.toLowerCase() && (figures.length === 0 || h1.split(" ").length >= 3))
        out.push(`The front page leads with ${quote(h1)}.`);
      out.push(taglineSentence(c, v) ?? "", ...figures);
      const sections = subject.sections.map((x) => sayable(x)).filter((x): x is string => !!x);
      // A one-page site is told by its sections; an app by what its first page holds and where its menu leads.
      if (sections.length >= 2) out.push(`The page covers ${listOf(sections)}.`);
      else {
        const summary = pageSummary(c);
        if (summary) out.push(`${figures.length > 0 ? "Below the figures sit" : "The page holds"} ${summary}.`);
        out.push(panelSentence(loosePanels(c), v) ?? "", navSentence(page, site, v) ?? aheadSentence(c, v) ?? "");
      }
      return joinFirst(out);
    }
    case "page": {
      const { page } = subject;
      const name = sayable(subject.name) ?? sayable(page?.h1) ?? "the next page";
      const c = page?.content;
      const summary = pageSummary(c);
      const opens = summary
        ? v.opener("page.summary", [
            `The ${name} page holds ${summary}.`,
            `A click on ${name} brings up ${summary}.`,
            `${cap(name)} opens on ${summary}.`,
            `Over on ${name}, we find ${summary}.`,
          ])
        : v.opener("page.plain", [
            `Let's open ${name}.`,
            `Now for ${name}.`,
            `${cap(name)} is the next stop.`,
            `Over to ${name}.`,
          ]);
      const h1 = headlineOf(page);
      const headline = h1 && h1.toLowerCase() !== name.toLowerCase() ? `Its headline reads ${quote(h1)}.` : "";
      const figures = c ? figureSentences(c.figures, `${pageWord(page, "The page")} opens`, v) : [];
      const plans = (c?.plans ?? []).filter((i) => i.kind === "plan");
      const priced =
        plans.length >= 2 ? itemsSentences({ heading: "", top: 0, text: [], items: plans, charts: [] }, v) : [];
      const form = c?.forms?.[0] && (c.forms.length === 1 ? formSentence(c.forms[0], v) : null);
      const panels = panelSentence(loosePanels(c), v);
      // The page's main block of cards (Stisla's settings: General, SEO, Email…), when it has one.
      const block = c?.blocks.find((b) => b.items.filter((i) => sayable(i.title)).length >= 2);
      const cards = block && !(plans.length >= 2) ? itemsSentences(block, v) : [];
      // A page of one table: what its first row reads (its columns are the table beat's to say).
      const row = c?.tables.length === 1 && c.tables[0] ? firstRowSentence(c.tables[0], v) : null;
      const lines = [
        opens,
        headline,
        taglineSentence(c, v) ?? "",
        ...figures,
        ...priced,
        form ?? "",
        ...cards,
        row ?? "",
        panels ?? "",
      ];
      return summary ? dedupe(lines) : joinFirst(lines);
    }
    case "figures":
      return figureSentences(subject.content.figures, "The page opens", v);
    case "chart":
      return dedupe(chartLines(subject.chart, v));
    case "table":
      return tableLines(subject.table, v);
    case "section":
      return sectionLines(subject, v);
    case "item":
      return dedupe(itemSentences(subject.item, v));
    case "tab": {
      const name = sayable(subject.name) ?? subject.name;
      const open = v.opener("tab", [
        `Let's switch to the ${name} tab.`,
        `One more click opens the ${name} tab.`,
        `The ${name} tab is next.`,
      ]);
      const heading = sayable(subject.heading);
      return dedupe([
        open,
        heading && heading.toLowerCase() !== name.toLowerCase() ? `It is headed ${q(heading)}.` : "",
      ]);
    }
    case "search": {
      const { value, table } = subject;
      if (!table) return [`Typing ${value} into the search box filters the list as you type.`];
      const needle = value.toLowerCase();
      const left = table.rows.filter((r) => r.join(" ").toLowerCase().includes(needle));
      const subjectName = tableSubject(table);
      const what = subjectName ? `the ${subjectName}` : "the table";
      const first =
        left.length === 0
          ? `A search for ${value} leaves ${what} empty.`
          : `Typing ${value} into the search box narrows ${what} from ${table.total ?? table.rows.length} rows to ${left.length}.`;
      const names = left.map((r) => r[0] ?? "").filter(Boolean);
      const rest =
        names.length === 0
          ? []
          : names.length <= 3
            ? [`${listOf(names)} ${names.length === 1 ? "remains" : "remain"}.`]
            : [`${listOf([...names.slice(0, 3), `${count(names.length - 3)} more`])} remain.`];
      return [first, ...rest];
    }
    case "fill": {
      // The form's fields were said with its section; here only the one typed into, as a common noun
      // ("Your Name *" is the name field), so the line neither repeats the list nor reads a placeholder.
      // A placeholder standing in for a label ("Enter email address...") is the email address field.
      const field = sayable(subject.field)
        ?.replace(/^(your|enter( your)?|type( your)?)\s+/i, "")
        .replace(/(\.{3}|…)$/, "");
      return field
        ? [`Let's type ${subject.value} into the ${inline(field)} field.`]
        : [`Let's type ${subject.value} into the form's first field.`];
    }
    case "cta": {
      const name = sayable(subject.name) ?? "the button";
      const h1 = headlineOf(subject.page);
      return dedupe([
        h1 ? `A click on ${name} opens ${quote(h1)}.` : `When you are ready, choose ${name}.`,
        taglineSentence(subject.page?.content, v) ?? "",
      ]);
    }
    case "dialog":
      return dialogLines(subject.dialog, v);
    case "control": {
      const name = quote(subject.name);
      return [
        v.opener("control", [
          `One click on ${name} goes further from here.`,
          `${name} is within reach on this page.`,
          `There is also ${name} here.`,
        ]),
      ];
    }
    case "figure": {
      const label = inline(subject.label);
      return [
        v.opener("figure", [
          `Up close, ${label} reads ${subject.value}.`,
          `${cap(label)} stands at ${subject.value}.`,
          `One figure stands out: ${label}, at ${subject.value}.`,
        ]),
      ];
    }
    case "heading":
      return [
        v.opener("item", [
          `Take ${quote(subject.name)}.`,
          `One card reads ${quote(subject.name)}.`,
          `Then there is ${quote(subject.name)}.`,
        ]),
      ];
    case "scroll":
      return [
        v.opener("scroll", ["Let's scroll further down.", "The page goes on below.", "Further down, there is more."]),
      ];
  }
}

/** What a section's items open, by the dialogs' own names ("each opens a project: Log Cabin, …"). */
function openedSentence(dialogs: ContentDialog[], v: Variety): string | null {
  const names = [...new Set(dialogs.map((d) => sayable(d.title) ?? sayable(d.item)).filter((n): n is string => !!n))];
  if (names.length < 2) return null;
  const shown = names.length > 4 ? [...names.slice(0, 3), `${count(names.length - 3)} more`] : names;
  return v.pick("opened", [
    `Each one opens in a window of its own: ${listOf(shown.map(q))}.`,
    `A click on any of them opens its details: ${listOf(shown.map(q))}.`,
  ]);
}

/**
 * A dialog opened from a card (a portfolio's project): what it is about, by its own title or else the
 * card's caption (a template's "Project Name" is neither), then the facts it lists, else its pictures.
 */
function dialogLines(dialog: ContentDialog, v: Variety): string[] {
  const name = sayable(dialog.title) ?? sayable(dialog.item);
  const said = name ? q(name) : null;
  const first = said
    ? v.opener("dialog", [
        `${said} opens in a window of its own.`,
        `A click on ${said} brings up its details.`,
        `Here is ${said}, opened up close.`,
      ])
    : v.opener("dialog", ["A click opens this item in a window of its own.", "One item opens up close."]);
  const facts = dialog.facts.filter((f) => sayable(f.value) && sayable(f.label));
  const details =
    facts.length > 0
      ? `${cap(listOf(facts.map((f) => `the ${inline(f.label).toLowerCase()} is ${q(f.value)}`)))}.`
      : dialog.pictures === 1
        ? v.pick("dialog.picture", [
            "A large picture fills the window.",
            "Its picture takes up most of the window.",
            "The window shows it in one large picture.",
          ])
        : dialog.pictures > 1
          ? `${cap(count(dialog.pictures))} pictures fill the window.`
          : "";
  const form = dialog.form ? formSentence(dialog.form, v) : null;
  return dedupe([first, details, form ?? ""]);
}
