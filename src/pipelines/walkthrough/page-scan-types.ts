/**
 * What the planner reads off one page (plan.ts, in the page: page/plan-scan.page.ts). Types only: both
 * sides import this file, so it must stay free of Node and of the DOM.
 */
export interface PageScan {
  url: string;
  title: string;
  h1: string | null;
  paragraph: string | null;
  navLinks: { name: string; href: string }[];
  cta: { role: "link" | "button"; name: string; href: string | null } | null;
  cardHeadings: string[];
  /** A link or button in a card with a :hover style and a name unique on the page. */
  cardActions: { role: "link" | "button"; name: string }[];
  /** Section headings (h2 in main) below the first screen: scroll targets. */
  sectionHeadings: string[];
  long: boolean;
  textbox: { name: string; type: string } | null;
  /** The site's name as the page declares it (og:site_name, application-name), if it does. */
  namedSite?: string | null;
}
