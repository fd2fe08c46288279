import type { DomainOperation } from "../../services.js";
import { quoteExportOperation } from "./quote-export.js";

export const marketingExportsOperations: DomainOperation[] = [quoteExportOperation];
