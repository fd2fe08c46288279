import type { Ref } from "react";
import { type Citation, citationHref, type Message } from "./links";

function CitationItem({ citation }: { citation: Citation }) {
  const href = citationHref(citation);
  const where = citation.source === "api" ? `API reference: ${citation.path}` : citation.path;
  return (
    <li>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {citation.title}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="assistant-cite-title">{citation.title}</span>
      )}{" "}
      <span className="muted small">{where}</span>
    </li>
  );
}

function MessageItem({ message, canHandOff }: { message: Message; canHandOff: boolean }) {
  const mine = message.role === "user";
  return (
    <li className={mine ? "assistant-msg from-person" : "assistant-msg from-assistant"}>
      <p className="assistant-who">{mine ? "You" : "Assistant"}</p>
      <p className="assistant-text">{message.text}</p>
      {message.citations.length > 0 ? (
        <div className="assistant-sources">
          <p className="assistant-sources-title">Sources</p>
          <ul>
            {message.citations.map((c) => (
              <CitationItem key={`${c.path}#${c.anchor}`} citation={c} />
            ))}
          </ul>
        </div>
      ) : null}
      {message.outcome === "unknown" && canHandOff ? (
        <p className="assistant-unknown">
          The assistant does not know the answer to this one. A person can: send them this conversation below.
        </p>
      ) : null}
    </li>
  );
}

/**
 * The conversation, oldest first, each message as text (answers are plain text: never markup). A log
 * region: screen readers announce what is added (the question sent, then its answer).
 */
export function MessageLog({
  messages,
  pending,
  canHandOff,
  ref,
}: {
  messages: Message[];
  /** The conversation is open: an answer the docs do not have points to the hand-off. */
  canHandOff: boolean;
  /** A question sent and not yet answered. */
  pending: string | null;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard to scroll it.
    <div ref={ref} className="assistant-log" role="log" aria-label="Conversation" tabIndex={0}>
      {messages.length === 0 && pending === null ? (
        <p className="muted assistant-empty">
          Ask about Clipwright: API keys, webhooks, renders, seconds, running your own service. Answers quote the
          documentation and link to it; when the docs have no answer, you can send the conversation to a person.
        </p>
      ) : null}
      <ol>
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} canHandOff={canHandOff} />
        ))}
        {pending !== null ? (
          <li className="assistant-msg from-person">
            <p className="assistant-who">You</p>
            <p className="assistant-text">{pending}</p>
          </li>
        ) : null}
      </ol>
    </div>
  );
}
