import type { OperationImpl } from "../../operations/define.js";
import { getUsage } from "./get-usage.js";

export const usageOperations: OperationImpl[] = [getUsage];
