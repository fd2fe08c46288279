import { pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { CATALOG_PAGE_SIZE, decodeCatalogCursor, pageCatalog } from "./paging.js";
import { PlanSchema } from "./schemas.js";

export const listPlans = defineOperation({
  id: "catalog.listPlans",
  summary: "List plans",
  description:
    "Lists the plans this deployment sells, in the order it presents them: the video time each grants per period, " +
    "its price, how many renders may run at once and whether videos carry a mark. A plan id is what `wallet.planId` " +
    "reports. Cursor page, 100 rows by default.",
  query: pageQuery(CATALOG_PAGE_SIZE),
  responses: { 200: pageOf(PlanSchema) },
  checkCursor: (cursor) => decodeCatalogCursor(cursor, "plans"),
  handler: async ({ query, deps }) => ok(pageCatalog(deps.catalog.plans, query, "plans")),
});
