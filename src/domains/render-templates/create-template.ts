import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { uuidv7 } from "../../ids.js";
import { created } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import { RENDER_OPTION_ERRORS } from "../catalog/resolve.js";
import { type DomainServices, defineOperation } from "../services.js";
import { checkTemplateOptions, cleanOptions } from "./resolve.js";
import { MAX_TEMPLATES, TemplateBody, type TemplateInput, TemplateSchema } from "./schemas.js";
import { countTemplates, insertTemplate, type TemplateRow, templateView } from "./store.js";

/** Saves a template after its options resolve; the count and insert are serialised per account (cap 50). */
export async function createTemplate(
  deps: Pick<DomainServices, "db" | "clock" | "catalog">,
  accountId: string,
  input: TemplateInput,
  idempotencyKey: string | null = null,
) {
  checkTemplateOptions(deps, input.options);
  const now = deps.clock.now();
  const row: TemplateRow = {
    id: uuidv7(now.getTime()),
    account_id: accountId,
    name: input.name,
    description: input.description ?? null,
    options: JSON.stringify(cleanOptions(input.options)),
    idempotency_key: idempotencyKey,
    created_at: iso(now),
    updated_at: iso(now),
  };
  await deps.db.kysely.transaction().execute(async (tx) => {
    await lockAccount(tx, deps.db.dialect, accountId);
    const active = await countTemplates(tx, accountId);
    if (active >= MAX_TEMPLATES) throw new ApiError("template_limit", { max: MAX_TEMPLATES, active });
    await insertTemplate(tx, row);
  });
  return templateView(row);
}

export const createTemplateOperation = defineOperation({
  id: "templates.create",
  summary: "Save a render template",
  description:
    "Saves a named set of render options (background, captionStyle, capture, language, orientation, voiceId, avatar, targetSeconds or maxSeconds) that renders and quotes can name as `templateId`. The options are checked against the catalogue as a render's are. An account holds at most 50 saved templates (409 template_limit).",
  body: TemplateBody,
  responses: { 201: TemplateSchema },
  errors: [...RENDER_OPTION_ERRORS, "template_limit"],
  async handler({ actor, deps, body, idempotencyKey }) {
    const template = await createTemplate(deps, actor.accountId, body, idempotencyKey);
    return created(template, locationOf("templates.get", { id: template.id }));
  },
});
