import { Type } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { DeletedTemplate, TemplateIdParams } from "./schemas.js";
import { findTemplate } from "./store.js";
import { findSystemTemplate } from "./system.js";

export const deleteTemplateOperation = defineOperation({
  id: "templates.delete",
  summary: "Delete a saved render template",
  description:
    "Removes the saved template; renders already made from it keep their options. System templates cannot be deleted: 409 conflict (`reason: system_template`).",
  params: TemplateIdParams,
  body: Type.Object({}, { additionalProperties: false }),
  responses: { 200: DeletedTemplate },
  errors: ["conflict"],
  async handler({ actor, deps, params }) {
    if (findSystemTemplate(params.id)) throw new ApiError("conflict", { reason: "system_template" });
    const row = await findTemplate(deps.db.kysely, actor.accountId, params.id);
    if (!row) throw new ApiError("not_found");
    await deps.db.kysely
      .deleteFrom("render_templates")
      .where("id", "=", row.id)
      .where("account_id", "=", actor.accountId)
      .execute();
    return ok({ id: row.id, deleted: true });
  },
});
