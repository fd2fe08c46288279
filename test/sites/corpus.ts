/**
 * The site corpus: real open-source templates from npm (test/sites/packages/, pinned by its lock),
 * each served from its own HTML root by serve.ts. Walkthrough tests and `npm run bench -- quality` run
 * on them: they have the mess our own fixtures lack (collapsed sidebar groups, screen-reader twins,
 * placeholder copy, lightboxes, tables with search, analytics scripts from other hosts).
 *
 * Each site has two hints written as a user would: `named` names three places in order with an action
 * on one of them, `vague` names none. `places` are the labels the named hint means, as the site shows
 * them (a link's text or a section's heading), in the hint's order; a test checks each is on the site.
 */

export type CorpusKind = "admin" | "landing";

export interface CorpusHint {
  text: string;
  /** What the hint names, in order, as the site labels it (empty for a vague hint). */
  places: readonly string[];
}

export interface CorpusSite {
  id: string;
  /** The npm package, installed under the corpus directory's node_modules. */
  package: string;
  kind: CorpusKind;
  /** The folder inside the package served as the site's root. */
  root: string;
  /** The page a walkthrough starts on, from that root. */
  start: string;
  hints: { named: CorpusHint; vague: CorpusHint };
}

const VAGUE_ADMIN: CorpusHint = { text: "show me what this app can do", places: [] };
const VAGUE_LANDING: CorpusHint = { text: "give me a quick tour of this site", places: [] };

export const CORPUS: readonly CorpusSite[] = [
  {
    id: "sb-admin",
    package: "startbootstrap-sb-admin",
    kind: "admin",
    root: "dist",
    start: "/index.html",
    hints: {
      // Plain sidebar links; the tables page searches with simple-datatables.
      named: {
        text: "the dashboard overview, then the charts page, then the tables page, searching for a name",
        places: ["Dashboard", "Charts", "Tables"],
      },
      vague: VAGUE_ADMIN,
    },
  },
  {
    id: "stisla",
    package: "stisla",
    kind: "admin",
    root: ".",
    start: "/index.html",
    hints: {
      // Both modules sit in the collapsed "Modules" group of the sidebar; DataTables has a search box.
      named: {
        text: "the ecommerce dashboard, then the DataTables module where we search for a name, then the ChartJS charts",
        places: ["Ecommerce Dashboard", "DataTables", "ChartJS"],
      },
      vague: VAGUE_ADMIN,
    },
  },
  {
    id: "sneat",
    package: "sneat-bootstrap-html-admin-template-free",
    kind: "admin",
    root: ".",
    start: "/html/index.html",
    hints: {
      // "Account" is inside the collapsed "Account Settings" group; its form has a First Name field.
      named: {
        text: "the dashboard, then the account settings, filling in the first name, then the tables",
        places: ["Dashboard", "Account", "Tables"],
      },
      vague: VAGUE_ADMIN,
    },
  },
  {
    id: "material-dashboard",
    package: "material-dashboard",
    kind: "admin",
    root: ".",
    start: "/pages/dashboard.html",
    hints: {
      // The profile page has App / Messages / Settings tabs; icon ligatures sit inside every sidebar link.
      named: {
        text: "the dashboard, then the billing page, then the profile with its messages tab open",
        places: ["Dashboard", "Billing", "Profile"],
      },
      vague: VAGUE_ADMIN,
    },
  },
  {
    id: "agency",
    package: "startbootstrap-agency",
    kind: "landing",
    root: "dist",
    start: "/index.html",
    hints: {
      // One page of anchors; each portfolio item opens a modal.
      named: {
        text: "the services, then the portfolio, then the contact form, typing in a name",
        places: ["Services", "Portfolio", "Contact"],
      },
      vague: VAGUE_LANDING,
    },
  },
  {
    id: "grayscale",
    package: "startbootstrap-grayscale",
    kind: "landing",
    root: "dist",
    start: "/index.html",
    hints: {
      named: {
        text: "the about section, then the projects, then the sign-up form with an email typed in",
        places: ["About", "Projects", "Contact"],
      },
      vague: VAGUE_LANDING,
    },
  },
  {
    id: "landing-page",
    package: "startbootstrap-landing-page",
    kind: "landing",
    root: "dist",
    start: "/index.html",
    hints: {
      // No section links: the places are headings further down the one page.
      named: {
        text: "the sign-up form at the top with an email entered, then the features, then what customers are saying",
        places: ["Generate more leads", "Fully Responsive", "What people are saying"],
      },
      vague: VAGUE_LANDING,
    },
  },
  {
    id: "freelancer",
    package: "startbootstrap-freelancer",
    kind: "landing",
    root: "dist",
    start: "/index.html",
    hints: {
      // Portfolio items open full-screen modals (the lightbox case).
      named: {
        text: "the portfolio, opening one project, then the about section, then the contact form",
        places: ["Portfolio", "About", "Contact"],
      },
      vague: VAGUE_LANDING,
    },
  },
];
