import type { DomainOperation } from "../services.js";
import { closeConversationOperation } from "./close-conversation.js";
import { createHandoffOperation } from "./create-handoff.js";
import { getConversationOperation } from "./get-conversation.js";
import { getCurrentConversationOperation } from "./get-current-conversation.js";
import { sendMessageOperation } from "./send-message.js";

export const assistantOperations: DomainOperation[] = [
  closeConversationOperation,
  createHandoffOperation,
  getConversationOperation,
  getCurrentConversationOperation,
  sendMessageOperation,
];
