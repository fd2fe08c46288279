import type { DomainOperation } from "../services.js";
import { createTemplateOperation } from "./create-template.js";
import { deleteTemplateOperation } from "./delete-template.js";
import { getTemplateOperation, listTemplatesOperation } from "./read-templates.js";
import { updateTemplateOperation } from "./update-template.js";

export const renderTemplatesOperations: DomainOperation[] = [
  createTemplateOperation,
  getTemplateOperation,
  listTemplatesOperation,
  updateTemplateOperation,
  deleteTemplateOperation,
];
