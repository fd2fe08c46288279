import type { OperationImpl } from "../../operations/define.js";
import { previewVoiceOperation } from "./preview.js";

export const voicesOperations: OperationImpl[] = [previewVoiceOperation];
