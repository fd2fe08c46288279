import { pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { CATALOG_PAGE_SIZE, decodeCatalogCursor, pageCatalog } from "./paging.js";
import { MarketingTemplateSchema } from "./schemas.js";

export const listMarketingTemplates = defineOperation({
  id: "catalog.listMarketingTemplates",
  summary: "List marketing video templates",
  description:
    "Lists the system templates a marketing project can be generated from, sorted by id. Each gives its scene outline, " +
    "the orientations it is laid out for, the lengths in seconds it is offered in (`durations`, with `defaultSeconds`) " +
    "and its default caption style. Pass a template `id` when generating a marketing project. Cursor page, 100 rows by default.",
  query: pageQuery(CATALOG_PAGE_SIZE),
  responses: { 200: pageOf(MarketingTemplateSchema) },
  checkCursor: (cursor) => decodeCatalogCursor(cursor, "marketing-templates"),
  handler: async ({ query, deps }) => ok(pageCatalog(deps.catalog.marketingTemplates, query, "marketing-templates")),
});
