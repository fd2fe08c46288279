import { ApiError } from "../../contract/errors.js";
import { newestFirst, pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { TemplateIdParams, TemplateSchema } from "./schemas.js";
import { findTemplate, templateView } from "./store.js";
import { findSystemTemplate, systemTemplateView } from "./system.js";

export const getTemplateOperation = defineOperation({
  id: "templates.get",
  summary: "Read a render template",
  description:
    "One of the account's saved templates, or a built-in system template (`sys_…` id, `system: true`, read-only). An unknown id or another account's template is 404 not_found.",
  params: TemplateIdParams,
  responses: { 200: TemplateSchema },
  async handler({ actor, deps, params }) {
    const system = findSystemTemplate(params.id);
    if (system) return ok(systemTemplateView(system));
    const row = await findTemplate(deps.db.kysely, actor.accountId, params.id);
    if (!row) throw new ApiError("not_found");
    return ok(templateView(row));
  },
});

export const listTemplatesOperation = defineOperation({
  id: "templates.list",
  summary: "List saved render templates",
  description:
    "The account's saved templates, most recently updated first (id as tie-break). System templates are not listed; read them by id.",
  query: pageQuery(),
  responses: { 200: pageOf(TemplateSchema) },
  async handler({ actor, deps, query, now }) {
    const templates = deps.db.kysely
      .selectFrom("render_templates")
      .selectAll()
      .where("account_id", "=", actor.accountId);
    return ok(await newestFirst(templates, query, now, templateView, "updated_at"));
  },
});
