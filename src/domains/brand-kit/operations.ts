import type { OperationImpl } from "../../operations/define.js";
import { getBrandKitOperation } from "./get-brand-kit.js";
import { updateBrandKitOperation } from "./update-brand-kit.js";

export const brandKitOperations: OperationImpl[] = [getBrandKitOperation, updateBrandKitOperation];
