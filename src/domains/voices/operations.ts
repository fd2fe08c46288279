import type { DomainOperation } from "../services.js";
import { previewVoiceOperation } from "./preview.js";

export const voicesOperations: DomainOperation[] = [previewVoiceOperation];
