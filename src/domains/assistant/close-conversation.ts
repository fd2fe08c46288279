import { Type } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { ownConversation, readConversation } from "./read-conversation.js";
import { ConversationIdParams, ConversationSchema } from "./schemas.js";
import { closeConversation } from "./store.js";

export const closeConversationOperation = defineOperation({
  id: "assistant.closeConversation",
  summary: "Close an assistant conversation",
  description:
    "Closes the conversation for good: it keeps its messages and can still be read, but takes no more questions or hand-offs, and the next question opens a new current conversation. Closing a closed conversation is 409 conversation_closed; another account's, or an unknown id, is 404 conversation_not_found.",
  params: ConversationIdParams,
  body: Type.Object({}, { additionalProperties: false }),
  responses: { 200: ConversationSchema },
  errors: ["conversation_not_found", "conversation_closed"],
  async handler({ actor, deps, params, now }) {
    const conversation = await ownConversation(deps, actor.accountId, params.id);
    const closed = await closeConversation(deps.db.kysely, conversation.id, "closed_by_person", iso(now));
    if (!closed) throw new ApiError("conversation_closed", { conversationId: conversation.id });
    return ok(await readConversation(deps, closed));
  },
});
