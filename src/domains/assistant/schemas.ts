import { Type } from "@sinclair/typebox";

/** Longest question a person may ask (a pasted error message fits; a pasted log does not). */
export const MAX_QUESTION_LENGTH = 2000;
/** Longest note a person may add to a hand-off. */
export const MAX_NOTE_LENGTH = 2000;

const Timestamp = Type.String({ format: "date-time" });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const ConversationIdParams = Type.Object(
  { id: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);

export const CitationSchema = Type.Object(
  {
    title: Type.String({ description: "The section's heading, or the operation's summary." }),
    source: Type.Union([Type.Literal("docs"), Type.Literal("api")], {
      description: "`docs`: a section of the README or docs/; `api`: an operation of the API reference.",
    }),
    path: Type.String({
      description: "The repository path (`docs/webhooks.md`) or the operation's method and path (`POST /webhooks`).",
    }),
    anchor: Type.String({ description: "The heading's anchor (GitHub's rule) or the operationId." }),
    href: Type.String({
      description:
        "Where the dashboard links: `<CLIPWRIGHT_DOCS_URL>/<path>#<anchor>` (`<path>#<anchor>` when unset) for docs, the service's `/api/v1/reference#tag/<tag>/<METHOD><path>` for operations.",
    }),
  },
  { additionalProperties: false },
);

export const OUTCOMES = ["answered", "account", "unknown", "declined"] as const;

export const MessageSchema = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    role: Type.Union([Type.Literal("user"), Type.Literal("assistant")]),
    text: Type.String({ description: "Plain text; render it as text, never as HTML or Markdown." }),
    outcome: Type.Union([...OUTCOMES.map((o) => Type.Literal(o)), Type.Null()], {
      description:
        "An answer's kind: `answered` from the docs, `account` from the person's own account, `unknown` (not in the docs; a hand-off is offered), `declined` (not about Clipwright). Null for a question.",
    }),
    citations: Type.Array(CitationSchema, { description: "The sections the answer was taken from, best first." }),
    handoffOffered: Type.Boolean({ description: "The answer suggests handing the conversation to a person." }),
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);

export const HandoffSchema = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    conversationId: Type.String({ format: "uuid" }),
    to: Type.String({ description: "The support address the conversation was sent to." }),
    deliveredVia: Type.Union([Type.Literal("smtp"), Type.Literal("outbox")], {
      description: "`smtp` when the service has an SMTP server; `outbox`: written to the data directory's outbox.",
    }),
    note: Type.Union([Type.String(), Type.Null()]),
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);

const conversationFields = {
  id: Type.String({ format: "uuid" }),
  status: Type.Union([Type.Literal("open"), Type.Literal("closed")]),
  closedReason: Type.Union([Type.Literal("closed_by_person"), Type.Literal("handed_off"), Type.Null()]),
  messageCount: Type.Integer({ minimum: 0 }),
  maxMessages: Type.Integer({ minimum: 2, description: "Messages the conversation may hold (questions and answers)." }),
  handoff: Type.Union([HandoffSchema, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: NullableTimestamp,
};

/** A conversation without its messages (what a question's or a hand-off's answer carries). */
export const ConversationHeadSchema = Type.Object(conversationFields, { additionalProperties: false });

export const ConversationSchema = Type.Object(
  { ...conversationFields, messages: Type.Array(MessageSchema, { description: "Oldest first." }) },
  { additionalProperties: false },
);

export const QuestionAllowanceSchema = Type.Object(
  {
    questionsPerDay: Type.Integer({ minimum: 1 }),
    questionsLeftToday: Type.Integer({ minimum: 0 }),
    resetsAt: Type.String({ format: "date-time", description: "The next UTC midnight." }),
  },
  { additionalProperties: false },
);

export const SendMessageBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: MAX_QUESTION_LENGTH, description: "The question." }),
    conversationId: Type.Optional(
      Type.String({
        format: "uuid",
        description: "The conversation to ask in; omitted, the current one (opened when there is none).",
      }),
    ),
  },
  { additionalProperties: false },
);

export const SendMessageAnswer = Type.Object(
  {
    conversation: ConversationHeadSchema,
    question: MessageSchema,
    reply: MessageSchema,
    allowance: QuestionAllowanceSchema,
  },
  { additionalProperties: false },
);

export const CreateHandoffBody = Type.Object(
  {
    conversationId: Type.Optional(
      Type.String({ format: "uuid", description: "The conversation to hand over; omitted, the current one." }),
    ),
    note: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_NOTE_LENGTH, description: "What the person wants support to know." }),
    ),
  },
  { additionalProperties: false },
);

export const HandoffAnswer = Type.Object(
  {
    handoff: HandoffSchema,
    conversation: ConversationHeadSchema,
    allowance: Type.Object(
      { handoffsPerHour: Type.Integer({ minimum: 1 }), handoffsLeftThisHour: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
