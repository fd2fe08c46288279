import type { OperationImpl } from "../../operations/define.js";
import { getAccount } from "./get-account.js";

export const accountOperations: OperationImpl[] = [getAccount];
