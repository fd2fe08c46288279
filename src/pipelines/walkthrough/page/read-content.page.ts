import { cleanText } from "../../../media/browser/page/accessible-name.page.js";
import type { ContentChart, PageContent } from "../page-content-types.js";
import { readBlocks, readPanels, readPlans, readTabs } from "./content-blocks.page.js";
import { readDialogs } from "./content-dialogs.page.js";
import { readFigures } from "./content-figures.page.js";
import { readCharts, readForms, readTables } from "./content-media.page.js";
import { before, cut, type TextReader, textReader, words } from "./content-text.page.js";

/** The hero around a headline: the header, section or banner block that holds it. */
const HERO = "header, section, [class*=hero], [class*=masthead], [class*=banner], [class*=jumbotron]";

/** The page's purpose: its headline, a short line under it (a tagline, never a body paragraph), its lead. */
function readPurpose(r: TextReader): Pick<PageContent, "headline" | "tagline" | "lead"> {
  const h1 = r.all("h1", document.body).find((h) => r.shown(h)) ?? null;
  if (!h1) return { headline: null, tagline: null, lead: [] };
  const firstH2 = r.all("h2").find((h) => before(h1, h) && r.shown(h));
  const hero = h1.parentElement?.closest(HERO) ?? h1.parentElement;
  const lead: string[] = [];
  let tagline: string | null = null;
  for (const p of r.all("p, h2, h3, .lead, [class*=subheading], [class*=tagline]", document.body)) {
    if (!before(h1, p) || (firstH2 && firstH2 !== p && !before(p, firstH2)) || r.outside(p)) continue;
    const t = r.textOf(p);
    // A row of buttons is no sentence.
    const linked = [...p.querySelectorAll("a, button")].reduce((n, a) => n + r.textOf(a).length, 0);
    if (linked > t.length * 0.5 || /[·|•]/.test(t) || words(t) < 3) continue;
    if (p.tagName === "P" && words(t) >= 5 && lead.length < 3) lead.push(cut(t));
    if (!tagline && words(t) <= 14 && hero?.contains(p)) tagline = t;
    if (lead.length >= 3) break;
  }
  return { headline: r.textOf(h1) || null, tagline, lead };
}

/** The card a chart shares with a key figure (a statistics card's sparkline under "Balance $187,13"). */
const CARD = '[class*="widget"], [class*="stat"], [class*="tile"]';

function withFigure(
  chart: ContentChart,
  el: Element | undefined,
  figures: { figures: PageContent["figures"]; els: Element[] },
): ContentChart {
  // A card's own parts ("card-chart", "card-body") are no card: the card itself first.
  const card = el?.closest('[class~="card"]') ?? el?.closest(CARD);
  if (!card) return chart;
  const k = figures.els.findIndex((f) => card.contains(f));
  const figure = figures.figures[k];
  return figure && figures.els.filter((f) => card.contains(f)).length === 1 ? { ...chart, figure } : chart;
}

/** What the page shows, read as a viewer sees it (page-content-types.ts). */
export default function readContent(): PageContent {
  const r = textReader();
  const purpose = readPurpose(r);
  const figures = readFigures(r);
  const charts = readCharts(r);
  const forms = readForms(r);
  const seen = {
    charts: charts.charts,
    chartEls: charts.els,
    forms: forms.forms,
    formEls: forms.els,
    figureEls: figures.els,
  };
  return {
    title: cleanText(document.title),
    ...purpose,
    figures: figures.figures,
    figuresRegion: figures.figuresRegion,
    charts: charts.charts.map((c, i) => withFigure(c, charts.els[i], figures)),
    tables: readTables(r),
    forms: forms.forms.filter((f) => f.fields.length > 0),
    blocks: readBlocks(r, seen),
    panels: readPanels(r, seen),
    tabs: readTabs(r),
    plans: readPlans(r),
    dialogs: readDialogs(r),
  };
}
