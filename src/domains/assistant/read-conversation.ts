import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import type { DomainServices } from "../services.js";
import type { ConversationSchema } from "./schemas.js";
import { type ConversationRow, findConversation, findHandoff, findOpenConversation, listMessages } from "./store.js";
import { conversationView } from "./view.js";

/**
 * The account's conversation `id`, or its current (open) one when `id` is undefined. Unknown ids, another
 * account's and "no open conversation" are all 404 conversation_not_found.
 */
export async function ownConversation(
  deps: Pick<DomainServices, "db">,
  accountId: string,
  id: string | undefined,
): Promise<ConversationRow> {
  const row =
    id === undefined
      ? await findOpenConversation(deps.db.kysely, accountId)
      : await findConversation(deps.db.kysely, accountId, id);
  if (!row) throw new ApiError("conversation_not_found", id === undefined ? { reason: "no_open_conversation" } : {});
  return row;
}

/** The conversation as GET answers it: its messages oldest first and its hand-off, if any. */
export async function readConversation(
  deps: Pick<DomainServices, "db" | "config">,
  row: ConversationRow,
): Promise<Static<typeof ConversationSchema>> {
  const [messages, handoff] = await Promise.all([
    listMessages(deps.db.kysely, row.id),
    findHandoff(deps.db.kysely, row.id),
  ]);
  return conversationView(row, messages, handoff, deps.config.assistant.maxMessages);
}
