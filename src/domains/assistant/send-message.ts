import type { Static } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { issue } from "../../http/validation.js";
import { uuidv7 } from "../../ids.js";
import { created } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import { defineOperation } from "../services.js";
import type { AskerContext } from "./account-state/facts.js";
import { checkQuestionAllowance } from "./allowances.js";
import { composeReply } from "./compose-reply.js";
import type { KnowledgeIndex } from "./knowledge/search-index.js";
import { SendMessageAnswer, SendMessageBody } from "./schemas.js";
import {
  appendExchange,
  type ConversationRow,
  findConversation,
  findOpenConversation,
  insertConversation,
  type MessageRow,
} from "./store.js";
import { conversationHead, messageView } from "./view.js";

type Question = Static<typeof SendMessageBody>;

/**
 * Asks the assistant: the reply is composed first (from the docs or the asker's account), then the
 * question and its reply are stored together, in the conversation named or the current one (opened
 * when there is none). Refusals store and count nothing: conversation_not_found, conversation_closed,
 * assistant_conversation_full, then the day's allowance (assistant_daily_limit).
 */
export async function askAssistant(
  ctx: AskerContext & { idempotencyKey: string | null },
  input: Question,
): Promise<Static<typeof SendMessageAnswer>> {
  const { actor, deps, now } = ctx;
  const text = input.text.trim();
  if (!text) throw issue("body.text", "blank", "must contain more than white space");
  const settings = deps.config.assistant;
  const reply = await composeReply(ctx, await knowledge(deps), text);
  const at = iso(now);
  return deps.db.kysely.transaction().execute(async (tx) => {
    await lockAccount(tx, deps.db.dialect, actor.accountId);
    let conversation: ConversationRow | undefined =
      input.conversationId === undefined
        ? await findOpenConversation(tx, actor.accountId)
        : await findConversation(tx, actor.accountId, input.conversationId);
    if (!conversation && input.conversationId !== undefined) throw new ApiError("conversation_not_found");
    if (conversation?.status === "closed")
      throw new ApiError("conversation_closed", { conversationId: conversation.id });
    if (conversation && conversation.message_count + 2 > settings.maxMessages) {
      throw new ApiError("assistant_conversation_full", {
        conversationId: conversation.id,
        maxMessages: settings.maxMessages,
        messageCount: conversation.message_count,
      });
    }
    const allowance = await checkQuestionAllowance(tx, actor.accountId, settings.questionsPerDay, now);
    if (!conversation) {
      conversation = {
        id: uuidv7(now.getTime()),
        account_id: actor.accountId,
        status: "open",
        closed_reason: null,
        message_count: 0,
        idempotency_key: ctx.idempotencyKey,
        created_at: at,
        updated_at: at,
        closed_at: null,
      };
      await insertConversation(tx, conversation);
    }
    const base = { conversation_id: conversation.id, account_id: actor.accountId, created_at: at };
    const question: MessageRow = {
      ...base,
      id: uuidv7(now.getTime()),
      role: "user",
      text,
      outcome: null,
      citations: "[]",
      handoff_offered: 0,
    };
    const answer: MessageRow = {
      ...base,
      id: uuidv7(now.getTime()),
      role: "assistant",
      text: reply.text,
      outcome: reply.outcome,
      citations: JSON.stringify(reply.citations),
      handoff_offered: reply.handoffOffered ? 1 : 0,
    };
    const updated = (await appendExchange(tx, conversation, [question, answer], at)) ?? conversation;
    return {
      conversation: conversationHead(updated, undefined, settings.maxMessages),
      question: messageView(question),
      reply: messageView(answer),
      allowance: {
        questionsPerDay: allowance.perDay,
        questionsLeftToday: allowance.left - 1,
        resetsAt: iso(allowance.resetsAt),
      },
    };
  });
}

/** The documentation index; when it cannot be built, the assistant is unavailable and nothing is stored. */
async function knowledge(deps: AskerContext["deps"]): Promise<KnowledgeIndex> {
  try {
    return await deps.assistant.index();
  } catch (err) {
    deps.log.error({ err }, "the assistant's documentation index could not be built");
    throw new ApiError("assistant_unavailable", { reason: "documentation_unreadable" }, { "Retry-After": "30" });
  }
}

export const sendMessageOperation = defineOperation({
  id: "assistant.sendMessage",
  summary: "Ask the support assistant",
  description:
    'Asks a question and answers it at once. The answer comes offline from Clipwright\'s own documentation (the README, docs/ and the decision records) and this API reference, by full-text search over their sections, and cites the sections it used as links; questions about the person\'s own account ("why did my render fail?", "how many seconds do I have left?", "is my webhook disabled?") are answered from the account. When the documentation has no answer it says so and offers a hand-off to a person (POST /assistant/handoffs); questions about anything but Clipwright are declined. The question goes to `conversationId`, or to the current conversation, opened when there is none (201, Location of the conversation). Refusals: 404 conversation_not_found, 409 conversation_closed, 409 assistant_conversation_full (CLIPWRIGHT_ASSISTANT_MAX_MESSAGES, 40 messages: close it and ask again), 429 assistant_daily_limit (CLIPWRIGHT_ASSISTANT_DAILY_QUESTIONS, 50 questions per account and UTC day, Retry-After to midnight), 503 assistant_unavailable when the documentation cannot be read. Spends no seconds.',
  body: SendMessageBody,
  responses: { 201: SendMessageAnswer },
  errors: [
    "conversation_not_found",
    "conversation_closed",
    "assistant_conversation_full",
    "assistant_daily_limit",
    "assistant_unavailable",
  ],
  async handler(ctx) {
    const answer = await askAssistant(ctx, ctx.body);
    return created(answer, locationOf("assistant.getConversation", { id: answer.conversation.id }));
  },
});
