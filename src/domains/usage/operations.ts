import type { DomainOperation } from "../services.js";
import { getUsage } from "./get-usage.js";

export const usageOperations: DomainOperation[] = [getUsage];
