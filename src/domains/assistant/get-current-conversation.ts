import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { ownConversation, readConversation } from "./read-conversation.js";
import { ConversationSchema } from "./schemas.js";

export const getCurrentConversationOperation = defineOperation({
  id: "assistant.getCurrentConversation",
  summary: "Read the current assistant conversation",
  description:
    "The signed-in person's open conversation with the support assistant (there is at most one), with its messages oldest first. A person has none until their first question, and none again after closing it or handing it to a person: 404 conversation_not_found with `details.reason: no_open_conversation`. The next question opens a new one.",
  responses: { 200: ConversationSchema },
  errors: ["conversation_not_found"],
  async handler({ actor, deps }) {
    return ok(await readConversation(deps, await ownConversation(deps, actor.accountId, undefined)));
  },
});
