import { cap, count, inline, listOf, lowerFirst, q, quote, titles } from "./line-text.js";
import type { ContentBlock, ContentChart, ContentForm, ContentItem, ContentTable } from "./page-content.js";
import { isPlaceholder, sayable, shortQuote } from "./spoken-names.js";
import { Variety } from "./variety.js";

/**
 * Presenter sentences for what a page shows (beat-lines.ts puts them in order): key figures as label and
 * value, charts by title and kind, tables by subject, columns and rows, forms by their fields, blocks by
 * what their cards hold. Nothing is read out of a paragraph; a heading or a short line is quoted at most.
 */

/** "an area chart", "a bar chart", "a chart". */
const kindPhrase = (kind: string | null | undefined): string =>
  kind ? `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} chart` : "a chart";

/** A chart's title without the words that only say it is a chart ("Area Chart Example" → null). */
export function chartTitle(c: ContentChart): string | null {
  const t = sayable(c.heading)
    ?.replace(
      /\b(area|bar|line|pie|donut|doughnut|radar|polar|scatter|column)?\s*(charts?|graphs?)\b|\bexamples?\b/gi,
      "",
    )
    .replace(/\s+/g, " ")
    .trim();
  return t && /\p{L}{2}/u.test(t) ? t : null;
}

/** "monthly earnings at $40,000, tasks at 50% and pending requests at 18" (placeholder labels left out). */
export function figureSentences(
  figures: { label: string; value: string }[],
  opener: string,
  v: Variety = new Variety(),
): string[] {
  const f = figures
    .filter((x) => sayable(x.label) && x.value)
    .map((x) => `${inline(sayable(x.label) ?? "")} at ${x.value}`);
  // One number alone is no row of key figures (a hero's "1.2B events"): a figure beat says it on its own.
  if (f.length < 2) return [];
  const n = count(f.length);
  // Many cards: the first four name the line, the others follow while there is time.
  const head = f.length <= 4 ? listOf(f) : listOf(f.slice(0, 4));
  const first = v.pick(f.length <= 4 ? "figures" : "figures.many", [
    `${opener} on ${n} key figures${f.length <= 4 ? ":" : ", led by"} ${head}.`,
    `Up top, ${n} key figures${f.length <= 4 ? ":" : ", first"} ${head}.`,
    `${cap(n)} key figures lead the page${f.length <= 4 ? ":" : ", starting with"} ${head}.`,
  ]);
  return f.length <= 4 ? [first] : [first, `The others: ${listOf(f.slice(4))}.`];
}

/** A chart's sentences: what it is (title and kind, or what its label says it plots), then a short note. */
export function chartLines(c: ContentChart, v: Variety): string[] {
  const title = chartTitle(c);
  const label = (c.label ?? "").replace(/[.]$/, "");
  const heading = c.heading ?? "";
  const kind = kindPhrase(c.kind);
  let first: string;
  if (label && heading && label.toLowerCase().startsWith(heading.toLowerCase()) && label.length > heading.length) {
    // "Revenue sources: direct 55 percent, …" → the chart splits into its parts.
    const rest = label
      .slice(heading.length)
      .replace(/^[\s:,;–—-]+/, "")
      .trim();
    const parts = rest.split(/,\s+/);
    const body = parts.length > 2 ? listOf(parts) : rest;
    const verb = /^from\b/i.test(rest) ? "runs" : "splits into";
    first = v.opener("chart.parts", [
      `The ${heading} chart ${verb} ${body}.`,
      `Up close, the ${heading} chart ${verb} ${body}.`,
      `Zooming in, the ${heading} chart ${verb} ${body}.`,
    ]);
  } else if (label && label.toLowerCase() !== heading.toLowerCase()) {
    const name = heading ? `${heading} chart` : "chart";
    first = v.opener("chart.plots", [
      `The ${name} plots ${lowerFirst(label)}.`,
      `Up close, the ${name} plots ${lowerFirst(label)}.`,
      `Zooming in, the ${name} plots ${lowerFirst(label)}.`,
    ]);
  } else if (title && c.kind)
    first = v.opener("chart.titled", [
      `${cap(kind)} shows ${title}.`,
      `${title} is drawn as ${kind}.`,
      `Then comes ${title}, as ${kind}.`,
      `For ${title}, the page draws ${kind}.`,
    ]);
  else if (title)
    first = v.opener("chart.title", [
      `Here is the ${title} chart.`,
      `Then the ${title} chart.`,
      `Beside it sits the ${title} chart.`,
    ]);
  else
    first = v.opener("chart.kind", [
      `${cap(kind)} fills this card.`,
      `Here the page draws ${kind}.`,
      `Another card holds ${kind}.`,
    ]);
  const note = shortQuote(c.note);
  const figure = c.figure && sayable(c.figure.label);
  return [
    first,
    figure && c.figure
      ? v.pick("chart.figure", [
          `It shares its card with the ${inline(figure)} figure, ${c.figure.value}.`,
          `Its card's figure for ${inline(figure)} reads ${c.figure.value}.`,
        ])
      : "",
    note
      ? v.pick("chart.note", [
          `Its footer notes ${quote(note)}.`,
          `Underneath: ${quote(note)}.`,
          `A note below reads ${quote(note)}.`,
        ])
      : "",
  ].filter(Boolean);
}

/** What the table's first row reads (its first four short cells), when it has two or more. */
export function firstRowSentence(t: ContentTable, v: Variety): string | null {
  const row = (t.rows[0] ?? []).map((c) => c.trim()).filter((c) => c && !isPlaceholder(c) && c.split(" ").length <= 5);
  if (row.length < 2) return null;
  return v.pick("table.row", [
    `The first row reads ${listOf(row.slice(0, 4))}.`,
    `At the top sits ${listOf(row.slice(0, 4))}.`,
  ]);
}

/** "the Team directory", null for a table its heading does not name ("DataTable Example"). */
export function tableSubject(t: ContentTable): string | null {
  const s = sayable(t.heading)
    ?.replace(/\b(data ?tables?|tables?|examples?)\b/gi, "")
    .replace(/\s+/g, " ")
    .trim();
  return s && /\p{L}{2}/u.test(s) ? s : null;
}

export function tableLines(t: ContentTable, v: Variety): string[] {
  const subject = tableSubject(t);
  const rows = t.total ?? t.rows.length;
  const columns = t.columns.map((c) => sayable(c)).filter((c): c is string => !!c);
  const cols = columns.length > 0 ? listOf(columns.map(inline)) : null;
  const first = subject
    ? v.opener("table.subject", [
        `The ${subject} table lists ${rows} rows${cols ? `, with columns for ${cols}` : ""}.`,
        `A table headed ${quote(subject)} lists ${rows} rows${cols ? `, with columns for ${cols}` : ""}.`,
        `Next comes the ${subject} table: ${rows} rows${cols ? `, with columns for ${cols}` : ""}.`,
      ])
    : v.opener("table.plain", [
        `The table lists ${rows} rows${cols ? `, with columns for ${cols}` : ""}.`,
        `A table of ${rows} rows follows${cols ? `, with columns for ${cols}` : ""}.`,
        `Here a table holds ${rows} rows${cols ? `, one column each for ${cols}` : ""}.`,
      ]);
  const out = [first];
  const row = firstRowSentence(t, v);
  if (row) out.push(row);
  if (t.search)
    out.push(
      v.pick("table.search", [
        "A search box above it filters the rows.",
        "Its search box narrows the rows as you type.",
      ]),
    );
  return out;
}

/** "a form asking for your name, your email and your message, sent with Send Message". */
/** A field as a thing asked for: "Enter email address..." → "email address", "Your Name" → "name". */
export function fieldName(label: string): string | null {
  const name = sayable(
    label
      .replace(/\.{2,}|…/g, "")
      .replace(/^(please\s+)?(enter|type|input|provide|add)\s+(your\s+|an?\s+|the\s+)?/i, "")
      .replace(/^your\s+/i, ""),
  );
  // A field is a common noun however the form capitalises it ("Email Address" → "email address").
  return name && /^(\p{Lu}\p{Ll}+\s?)+$/u.test(name) ? name.toLowerCase() : name;
}

export function formSentence(f: ContentForm, v: Variety): string | null {
  const fields = f.fields.map(fieldName).filter((x): x is string => !!x);
  if (fields.length === 0) return null;
  const list = listOf(fields.map(inline));
  const submit = sayable(f.submit);
  return v.pick("form", [
    `Its form asks for ${list}${submit ? `, with a ${quote(submit)} button` : ""}.`,
    `A form takes ${list}${submit ? `, then ${quote(submit)} sends it` : ""}.`,
    `The form here wants ${list}${submit ? ` before ${quote(submit)}` : ""}.`,
  ]);
}

/** What a block's items are: plans with prices, questions, testimonials, or cards by their titles. */
export function itemsSentences(b: ContentBlock, v: Variety): string[] {
  const items = b.items.filter((i) => sayable(i.title));
  const pictures = b.pictures ?? 0;
  if (items.length === 0 && pictures >= 2)
    return [v.pick("pictures", [`${cap(count(pictures))} pictures fill it.`, `It shows ${count(pictures)} pictures.`])];
  if (items.length === 0) return [];
  const n = Math.max(b.count ?? 0, items.length);
  const kind = items[0]?.kind;
  const plans = items.filter((i) => i.kind === "plan" && i.price);
  if (kind === "plan" && plans.length >= 2) {
    const unit = (plans[0]?.price?.line ?? "").replace(plans[0]?.price?.amount ?? "", "").trim();
    const each = plans.map((p) => `${p.title} at ${p.price?.amount}`);
    return [`${cap(count(plans.length))} plans: ${listOf(each)}${unit ? ` ${unit.replace(/\s*\/\s*/g, " a ")}` : ""}.`];
  }
  if (kind === "question")
    return [`${cap(count(n))} questions are answered, starting with ${quote(items[0]?.title ?? "")}.`];
  const plain = items.map((i) => sayable(i.title) as string);
  // Titles in quotes when any one needs them (a sentence, a comma), so the list reads alike throughout.
  const names = titles(plain).some((t, k) => t !== plain[k]) ? plain.map(quote) : plain;
  const quotes = items.filter((i) => i.kind === "quote" || /^["“]/.test(i.text ?? ""));
  if (kind === "quote" || quotes.length === items.length) {
    // "Margaret E." inside a list: its full stop would end our sentence.
    const people = plain.map((p) => p.replace(/\.$/, ""));
    const said = shortQuote((items[0]?.text ?? "").replace(/^["“]|["”]$/g, ""));
    return [
      `${cap(count(n))} testimonials follow, from ${listOf(people.slice(0, 3))}.`,
      ...(said ? [`${people[0]} says ${quote(said)}.`] : []),
    ];
  }
  // Cards that each hold one short value (an address, an email, a phone): the values, by their titles.
  const details = items.map((i) => detailOf(i));
  if (n <= 4 && details.every((d) => d && d.split(" ").length <= 8)) {
    const said = items.map((i, k) => `${inline(sayable(i.title) as string).toLowerCase()}, ${q(details[k] as string)}`);
    return [`${cap(count(n))} cards read: ${said.slice(0, -1).join("; ")}; and ${said.at(-1)}.`];
  }
  if (n > 4)
    return [
      v.pick("items.many", [
        `${cap(count(n))} cards follow, from ${names[0]} to ${names[names.length - 1]}.`,
        `${cap(count(n))} entries line up here, ${names[0]} first and ${names[names.length - 1]} last.`,
      ]),
    ];
  return [
    v.pick("items.few", [
      `The cards cover ${listOf(names)}.`,
      `${cap(count(n))} cards name ${listOf(names)}.`,
      `Its entries are ${listOf(names)}.`,
    ]),
  ];
}

/** The titled cards of an app page ("Invoices", "Billing Information"), with how many entries each lists. */
export function panelSentence(panels: { title: string; entries: number }[], v: Variety): string | null {
  // A card's title is a label; an exclamation ("Congratulations John! 🎉") is a greeting, not a subject.
  const named = panels
    .map((p) => ({ ...p, title: sayable(p.title) }))
    .filter((p) => p.title && p.title.split(" ").length <= 6 && !/[!?]/.test(p.title));
  if (named.length < 2) return null;
  const list = listOf(named.slice(0, 5).map((p) => p.title as string));
  return v.pick("panels", [
    `Its cards cover ${list}.`,
    `Cards here hold ${list}.`,
    `The page is laid out in cards: ${list}.`,
  ]);
}

/** A card's short value, fit to say: a phone number has no letters and is still said; template copy is not. */
const detailOf = (item: ContentItem): string | null => {
  const d = (item.detail ?? "").trim();
  return d && !isPlaceholder(d) ? d : null;
};

/** A card a beat points at: a plan with its price and features, a testimonial, or the card by its title. */
export function itemSentences(item: ContentItem, v: Variety): string[] {
  const title = sayable(item.title);
  if (!title) return [];
  if (item.kind === "plan" && item.price) {
    const badge = item.badge ? `, marked ${inline(item.badge)},` : "";
    const price = item.price.line.replace(/\s*\/\s*/g, " a ");
    const points = item.points.map((p) => sayable(p)).filter((p): p is string => !!p && p.split(" ").length <= 6);
    return [
      `The ${title} plan${badge} costs ${price}.`,
      ...(points.length ? [`It includes ${listOf(points.map(inline))}.`] : []),
    ];
  }
  const said = shortQuote((item.text ?? "").replace(/^["“]|["”]$/g, ""));
  if (item.kind === "quote" && said) return [`${title} puts it this way: ${quote(said)}.`];
  const detail = detailOf(item);
  if (detail)
    return [
      v.opener("item.detail", [
        `The ${inline(title)} card reads ${q(detail)}.`,
        `Under ${quote(title)}, the card gives ${q(detail)}.`,
      ]),
    ];
  // A card's own one-line description is quoted, as a presenter reads a tagline (never a paragraph).
  const line = shortQuote(item.text);
  if (line && !item.picture)
    return [
      v.opener("item.line", [
        `Take ${quote(title)}: ${quote(line)}.`,
        `${quote(title)} sums itself up as ${quote(line)}.`,
        `Under ${quote(title)}, the card reads ${quote(line)}.`,
      ]),
    ];
  if (item.picture && item.text)
    return [
      v.opener("item.pictured", [
        `Take ${quote(title)}: a picture, with a few lines about it.`,
        `${quote(title)} comes with a picture and a short description.`,
      ]),
    ];
  return [
    v.opener("item", [`Take ${quote(title)}.`, `One card reads ${quote(title)}.`, `Then there is ${quote(title)}.`]),
  ];
}
