import type { OperationImpl } from "../../operations/define.js";
import { quoteRenderOperation } from "./quote.js";

export const rendersOperations: OperationImpl[] = [quoteRenderOperation];
