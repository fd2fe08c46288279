import type { DomainOperation } from "../../services.js";
import { getBrandKitOperation } from "./get-brand-kit.js";
import { updateBrandKitOperation } from "./update-brand-kit.js";

export const brandKitOperations: DomainOperation[] = [getBrandKitOperation, updateBrandKitOperation];
