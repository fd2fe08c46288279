import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { RENDER_OPTION_ERRORS } from "../catalog/resolve.js";
import { defineOperation } from "../services.js";
import { checkTemplateOptions, cleanOptions } from "./resolve.js";
import { TemplateBody, TemplateIdParams, TemplateSchema } from "./schemas.js";
import { findTemplate, templateView } from "./store.js";
import { findSystemTemplate } from "./system.js";

export const updateTemplateOperation = defineOperation({
  id: "templates.update",
  summary: "Replace a saved render template",
  description:
    "Replaces the template's name, description and options (an omitted description is cleared); `updatedAt` moves, so it heads the list. System templates are read-only: 409 conflict (`reason: system_template`).",
  params: TemplateIdParams,
  body: TemplateBody,
  responses: { 200: TemplateSchema },
  errors: [...RENDER_OPTION_ERRORS, "conflict"],
  async handler({ actor, deps, params, body, now }) {
    if (findSystemTemplate(params.id)) throw new ApiError("conflict", { reason: "system_template" });
    const current = await findTemplate(deps.db.kysely, actor.accountId, params.id);
    if (!current) throw new ApiError("not_found");
    checkTemplateOptions(deps, body.options);
    const updated = await deps.db.kysely
      .updateTable("render_templates")
      .set({
        name: body.name,
        description: body.description ?? null,
        options: JSON.stringify(cleanOptions(body.options)),
        updated_at: iso(now),
      })
      .where("id", "=", current.id)
      .where("account_id", "=", actor.accountId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new ApiError("not_found");
    return ok(templateView(updated));
  },
});
