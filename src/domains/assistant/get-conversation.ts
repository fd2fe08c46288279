import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { ownConversation, readConversation } from "./read-conversation.js";
import { ConversationIdParams, ConversationSchema } from "./schemas.js";

export const getConversationOperation = defineOperation({
  id: "assistant.getConversation",
  summary: "Read an assistant conversation",
  description:
    "One of the signed-in person's conversations with the support assistant, open or closed: its status, its messages oldest first (questions and answers, each answer with the documentation sections it cites as links) and its hand-off to a person, if any. Another account's conversation, or an unknown id, is 404 conversation_not_found.",
  params: ConversationIdParams,
  responses: { 200: ConversationSchema },
  errors: ["conversation_not_found"],
  async handler({ actor, deps, params }) {
    return ok(await readConversation(deps, await ownConversation(deps, actor.accountId, params.id)));
  },
});
