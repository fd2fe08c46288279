import type { OperationImpl } from "../../operations/define.js";
import { getRenderOptions } from "./get-render-options.js";
import { listMarketingTemplates } from "./list-marketing-templates.js";
import { listPlans } from "./list-plans.js";
import { listVoices } from "./list-voices.js";

export const catalogOperations: OperationImpl[] = [listMarketingTemplates, listPlans, getRenderOptions, listVoices];
