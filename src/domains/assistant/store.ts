import type { Kysely, Selectable } from "kysely";
import type {
  AssistantConversationsTable,
  AssistantHandoffsTable,
  AssistantMessagesTable,
  Database,
} from "../../db/schema.js";

export type ConversationRow = Selectable<AssistantConversationsTable>;
export type MessageRow = Selectable<AssistantMessagesTable>;
export type HandoffRow = Selectable<AssistantHandoffsTable>;

/** The account's conversation with this id; another account's is not found (never a hint that it exists). */
export async function findConversation(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom("assistant_conversations")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The account's open conversation, its `current` (a partial unique index keeps it to one). */
export async function findOpenConversation(
  db: Kysely<Database>,
  accountId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom("assistant_conversations")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("status", "=", "open")
    .executeTakeFirst();
}

export async function insertConversation(db: Kysely<Database>, row: ConversationRow): Promise<void> {
  await db.insertInto("assistant_conversations").values(row).execute();
}

/** Adds a question and its answer and moves the conversation's count, while it is still open. */
export async function appendExchange(
  db: Kysely<Database>,
  conversation: ConversationRow,
  messages: [MessageRow, MessageRow],
  at: string,
): Promise<ConversationRow | undefined> {
  await db.insertInto("assistant_messages").values(messages).execute();
  return db
    .updateTable("assistant_conversations")
    .set({ message_count: conversation.message_count + messages.length, updated_at: at })
    .where("id", "=", conversation.id)
    .where("status", "=", "open")
    .returningAll()
    .executeTakeFirst();
}

/** open → closed; undefined when it was already closed (a concurrent close or hand-off won). */
export async function closeConversation(
  db: Kysely<Database>,
  id: string,
  reason: "closed_by_person" | "handed_off",
  at: string,
): Promise<ConversationRow | undefined> {
  return db
    .updateTable("assistant_conversations")
    .set({ status: "closed", closed_reason: reason, closed_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "open")
    .returningAll()
    .executeTakeFirst();
}

/** A conversation's messages, oldest first (UUIDv7 ids break ties in the same millisecond). */
export async function listMessages(db: Kysely<Database>, conversationId: string): Promise<MessageRow[]> {
  return db
    .selectFrom("assistant_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Questions the account asked since `since` (ISO), in every conversation. */
export async function countQuestionsSince(db: Kysely<Database>, accountId: string, since: string): Promise<number> {
  const r = await db
    .selectFrom("assistant_messages")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", accountId)
    .where("role", "=", "user")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Hand-offs the account made after `since` (ISO), oldest first. */
export async function handoffsSince(db: Kysely<Database>, accountId: string, since: string): Promise<HandoffRow[]> {
  return db
    .selectFrom("assistant_handoffs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("created_at", ">", since)
    .orderBy("created_at")
    .execute();
}

export async function insertHandoff(db: Kysely<Database>, row: HandoffRow): Promise<void> {
  await db.insertInto("assistant_handoffs").values(row).execute();
}

export async function findHandoff(db: Kysely<Database>, conversationId: string): Promise<HandoffRow | undefined> {
  return db
    .selectFrom("assistant_handoffs")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
}
