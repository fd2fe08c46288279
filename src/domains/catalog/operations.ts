import type { DomainOperation } from "../services.js";
import { getRenderOptions } from "./get-render-options.js";
import { listMarketingTemplates } from "./list-marketing-templates.js";
import { listPlans } from "./list-plans.js";
import { listVoices } from "./list-voices.js";

export const catalogOperations: DomainOperation[] = [listMarketingTemplates, listPlans, getRenderOptions, listVoices];
