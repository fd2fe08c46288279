import type { PageSnapshot } from "../../src/pipelines/walkthrough/site-map.js";

/** A site-map snapshot of a page that shows nothing but what `over` gives it (hand-written, for unit tests). */
export const pageSnapshot = (url: string, over: Partial<PageSnapshot> = {}): PageSnapshot => ({
  url,
  title: "",
  h1: null,
  links: [],
  sections: [],
  headings: [],
  belowFold: [],
  metrics: [],
  charts: [],
  tables: [],
  searches: [],
  forms: [],
  tabs: [],
  buttons: [],
  ...over,
});
