import type { DomainOperation } from "../../services.js";
import { cancelExportOperation } from "./cancel-export.js";
import { createExportOperation } from "./create-export.js";
import { downloadExportOperation } from "./download-export.js";
import { getExportOperation } from "./get-export.js";
import { listExportsOperation } from "./list-exports.js";
import { quoteExportOperation } from "./quote-export.js";

export const marketingExportsOperations: DomainOperation[] = [
  cancelExportOperation,
  createExportOperation,
  downloadExportOperation,
  getExportOperation,
  listExportsOperation,
  quoteExportOperation,
];
