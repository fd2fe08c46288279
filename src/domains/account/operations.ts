import type { DomainOperation } from "../services.js";
import { getAccount } from "./get-account.js";

export const accountOperations: DomainOperation[] = [getAccount];
