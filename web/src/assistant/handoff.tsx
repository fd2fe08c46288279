import { useId, useState } from "react";
import { call, type ResponseOf } from "../api/client";
import { Refusal } from "../components/refusal";
import { useAction } from "../hooks/use-load";
import type { Handoff } from "./links";

/** Longest note the service takes (MAX_NOTE_LENGTH). */
const MAX_NOTE = 2000;

type Answer = ResponseOf<"assistant.createHandoff">;

/** Sends the conversation to support, with an optional note; the refusal, if any, stays in place. */
export function HandoffForm({ conversationId, onSent }: { conversationId: string; onSent: (a: Answer) => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  const send = useAction(async () => {
    const trimmed = note.trim();
    const answer = await call("assistant.createHandoff", {
      body: { conversationId, ...(trimmed ? { note: trimmed } : {}) },
    });
    onSent(answer);
  });
  return (
    <form
      className="assistant-handoff"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void send.run();
      }}
    >
      <h3 id={`${id}-title`}>Ask a person</h3>
      <p className="hint">
        Support gets the whole conversation by e-mail and answers at your own address. This closes the conversation.
      </p>
      <div className="field">
        <label htmlFor={`${id}-note`}>A note for support (optional)</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={MAX_NOTE}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <Refusal failure={send.failure} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={send.busy}>
          {send.busy ? "Sending…" : "Send this conversation to a person"}
        </button>
      </div>
    </form>
  );
}

/** Where the hand-off went: by mail, or (a service without a mail server) into its outbox folder. */
export function HandoffSent({ handoff, email }: { handoff: Handoff; email: string | null }) {
  return handoff.deliveredVia === "smtp" ? (
    <p>
      <strong>Sent to a person.</strong> The conversation went by e-mail to <code>{handoff.to}</code>; support answers
      you at {email ? <code>{email}</code> : "your address"}.
    </p>
  ) : (
    <p>
      <strong>Handed to a person.</strong> This service has no mail server set up, so the conversation, addressed to{" "}
      <code>{handoff.to}</code>, was stored in its outbox (a folder in the service's data directory) for the operator to
      pass on. Replies come to {email ? <code>{email}</code> : "your address"}.
    </p>
  );
}
