import type { Static } from "@sinclair/typebox";
import type {
  CitationSchema,
  ConversationHeadSchema,
  ConversationSchema,
  HandoffSchema,
  MessageSchema,
  OUTCOMES,
} from "./schemas.js";
import type { ConversationRow, HandoffRow, MessageRow } from "./store.js";

export type Citation = Static<typeof CitationSchema>;
export type Outcome = (typeof OUTCOMES)[number];
type Message = Static<typeof MessageSchema>;
type Handoff = Static<typeof HandoffSchema>;

export function messageView(m: MessageRow): Message {
  return {
    id: m.id,
    role: m.role as Message["role"],
    text: m.text,
    outcome: m.outcome as Outcome | null,
    citations: JSON.parse(m.citations) as Citation[],
    handoffOffered: m.handoff_offered === 1,
    createdAt: m.created_at,
  };
}

export function handoffView(h: HandoffRow): Handoff {
  return {
    id: h.id,
    conversationId: h.conversation_id,
    to: h.to_address,
    deliveredVia: h.delivered_via as Handoff["deliveredVia"],
    note: h.note,
    createdAt: h.created_at,
  };
}

export function conversationHead(
  c: ConversationRow,
  handoff: HandoffRow | undefined,
  maxMessages: number,
): Static<typeof ConversationHeadSchema> {
  return {
    id: c.id,
    status: c.status as "open" | "closed",
    closedReason: c.closed_reason as "closed_by_person" | "handed_off" | null,
    messageCount: c.message_count,
    maxMessages,
    handoff: handoff ? handoffView(handoff) : null,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    closedAt: c.closed_at,
  };
}

export function conversationView(
  c: ConversationRow,
  messages: MessageRow[],
  handoff: HandoffRow | undefined,
  maxMessages: number,
): Static<typeof ConversationSchema> {
  return { ...conversationHead(c, handoff, maxMessages), messages: messages.map(messageView) };
}
