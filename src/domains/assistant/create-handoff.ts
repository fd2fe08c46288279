import type { Static } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { uuidv7 } from "../../ids.js";
import { created } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import { findAccountWithWallet } from "../account/store.js";
import { type DomainServices, defineOperation } from "../services.js";
import { checkHandoffAllowance } from "./allowances.js";
import { handoffMail } from "./handoff-mail.js";
import { ownConversation } from "./read-conversation.js";
import { CreateHandoffBody, HandoffAnswer } from "./schemas.js";
import { closeConversation, type HandoffRow, insertHandoff, listMessages } from "./store.js";
import { conversationHead, handoffView } from "./view.js";

/**
 * Hands a conversation to a person: mails it to the support address (SMTP when configured, else the
 * outbox) and closes it. The mail goes first; only once it is delivered is the hand-off recorded, the
 * conversation closed and the hour's allowance spent, so a failed delivery (422 handoff_failed) leaves
 * everything as it was and may simply be tried again.
 */
export async function handOff(
  deps: DomainServices,
  accountId: string,
  input: Static<typeof CreateHandoffBody>,
  now: Date,
): Promise<Static<typeof HandoffAnswer>> {
  const settings = deps.config.assistant;
  const conversation = await ownConversation(deps, accountId, input.conversationId);
  if (conversation.status === "closed") throw new ApiError("conversation_closed", { conversationId: conversation.id });
  const allowance = await checkHandoffAllowance(deps.db.kysely, accountId, settings.handoffsPerHour, now);
  const asker = await findAccountWithWallet(deps.db, accountId);
  if (!asker) throw new ApiError("conversation_not_found");
  const messages = await listMessages(deps.db.kysely, conversation.id);
  const note = input.note?.trim() || null;
  try {
    await deps.mailer.send(handoffMail(settings.supportEmail, asker.account, conversation, messages, note));
  } catch (err) {
    deps.log.warn({ err, conversationId: conversation.id }, "the hand-off mail could not be delivered");
    throw new ApiError("handoff_failed", { reason: "delivery_failed", conversationId: conversation.id });
  }
  const at = iso(now);
  const handoff: HandoffRow = {
    id: uuidv7(now.getTime()),
    account_id: accountId,
    conversation_id: conversation.id,
    to_address: settings.supportEmail,
    delivered_via: deps.config.smtpUrl ? "smtp" : "outbox",
    note,
    created_at: at,
  };
  const closed = await deps.db.kysely.transaction().execute(async (tx) => {
    await lockAccount(tx, deps.db.dialect, accountId);
    await insertHandoff(tx, handoff);
    return closeConversation(tx, conversation.id, "handed_off", at);
  });
  return {
    handoff: handoffView(handoff),
    // A close that raced this hand-off keeps its own reason; the conversation is closed either way.
    conversation: conversationHead(closed ?? { ...conversation, status: "closed" }, handoff, settings.maxMessages),
    allowance: { handoffsPerHour: allowance.perHour, handoffsLeftThisHour: allowance.left - 1 },
  };
}

export const createHandoffOperation = defineOperation({
  id: "assistant.createHandoff",
  summary: "Hand the conversation to a person",
  description:
    "Sends the conversation (`conversationId`, or the current one), with an optional note, to the support team by e-mail: through the SMTP server of CLIPWRIGHT_SMTP_URL when it is set, else as an .eml file in the data directory's outbox (the log says where). Support's reply goes to the person's own address. The conversation is then closed (`closedReason: handed_off`); the next question opens a new one. A person may hand off CLIPWRIGHT_ASSISTANT_HANDOFFS_PER_HOUR (3) conversations in any 60 minutes (409 handoff_limit, `details.retryAt`). Refusals: 404 conversation_not_found (also when there is no current conversation), 409 conversation_closed, 409 handoff_limit, 422 handoff_failed when the mail could not be delivered (nothing is recorded or counted and the conversation stays open: try again).",
  body: CreateHandoffBody,
  responses: { 201: HandoffAnswer },
  errors: ["conversation_not_found", "conversation_closed", "handoff_limit", "handoff_failed"],
  async handler({ actor, deps, body, now }) {
    const answer = await handOff(deps, actor.accountId, body, now);
    return created(answer, locationOf("assistant.getConversation", { id: answer.conversation.id }));
  },
});
