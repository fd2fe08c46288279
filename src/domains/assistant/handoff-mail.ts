import type { Mail } from "../../mailer.js";
import type { ConversationRow, MessageRow } from "./store.js";
import { messageView } from "./view.js";

interface Asker {
  id: string;
  email: string;
  name: string;
}

/**
 * The mail that hands a conversation to support: who asked (the reply goes to them), the note, and the
 * whole transcript with the sources each answer cited. Plain text: what people typed stays text.
 */
export function handoffMail(
  to: string,
  asker: Asker,
  conversation: ConversationRow,
  messages: MessageRow[],
  note: string | null,
): Mail {
  const transcript = messages.map(messageView).flatMap((m) => {
    const who = m.role === "user" ? asker.name || asker.email : `Assistant (${m.outcome})`;
    const lines = [`[${m.createdAt}] ${who}:`, ...m.text.split("\n").map((l) => `  ${l}`)];
    for (const c of m.citations) lines.push(`  Source: ${c.title} — ${c.href}`);
    return [...lines, ""];
  });
  const text = [
    `${asker.name || asker.email} <${asker.email}> handed a conversation with the Clipwright assistant to support.`,
    "Reply to this mail to answer them.",
    "",
    `Account: ${asker.id}`,
    `Conversation: ${conversation.id}, opened ${conversation.created_at}, ${messages.length} messages`,
    `Note: ${note ?? "(none)"}`,
    "",
    "--- Transcript ---",
    ...(transcript.length ? transcript : ["(no questions yet)", ""]),
  ].join("\n");
  // The subject names no question: mail logs and the outbox's log line carry subjects, and a question may
  // hold what a person pasted (an error, a key by mistake).
  return { to, replyTo: asker.email, subject: `Hand-off from ${asker.email} (conversation ${conversation.id})`, text };
}
