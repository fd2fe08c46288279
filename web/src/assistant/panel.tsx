import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { call, type ResponseOf } from "../api/client";
import { ApiFailure } from "../api/failure";
import { until } from "../api/refusals";
import { Loading } from "../components/loading";
import { Notice } from "../components/notice";
import { Refusal } from "../components/refusal";
import { useAction } from "../hooks/use-load";
import { useSession } from "../session/session";
import { HandoffForm, HandoffSent } from "./handoff";
import type { Conversation } from "./links";
import { MessageLog } from "./messages";

/** Longest question the service takes (MAX_QUESTION_LENGTH). */
const MAX_QUESTION = 2000;

type Allowance = ResponseOf<"assistant.sendMessage">["allowance"];

/** The current conversation, or null when there is none open (the service's 404 no_open_conversation). */
async function loadCurrent(): Promise<Conversation | null> {
  try {
    return await call("assistant.getCurrentConversation", {});
  } catch (err) {
    if (err instanceof ApiFailure && err.code === "conversation_not_found") return null;
    throw err;
  }
}

/**
 * The support assistant (decision 0039) as a side panel: the current conversation, a question box, the
 * answers with their sources, a hand-off to a person when the docs have no answer, and closing the
 * conversation to start a new one. A modal <dialog>: focus stays in it, Escape closes it.
 */
export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { account } = useSession();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<string | null>(null);
  const [allowance, setAllowance] = useState<Allowance | null>(null);
  const [askingPerson, setAskingPerson] = useState(false);

  const load = useAction(async () => {
    setConversation(await loadCurrent());
  });
  const ask = useAction(async (text: string) => {
    setPending(text);
    setDraft("");
    try {
      const open = conversation?.status === "open" ? conversation : null;
      const answer = await call("assistant.sendMessage", {
        body: { text, ...(open ? { conversationId: open.id } : {}) },
      });
      const before = open && open.id === answer.conversation.id ? open.messages : [];
      setConversation({ ...answer.conversation, messages: [...before, answer.question, answer.reply] });
      setAllowance(answer.allowance);
    } catch (err) {
      setDraft(text);
      // Closed elsewhere (another tab, a hand-off): show it closed, with the way to start a new one.
      if (err instanceof ApiFailure && (err.code === "conversation_closed" || err.code === "conversation_not_found")) {
        setConversation((c) => (c ? { ...c, status: "closed" } : c));
      }
      throw err;
    } finally {
      setPending(null);
    }
  });
  const close = useAction(async (conversationId: string) => {
    const closed = await call("assistant.closeConversation", { params: { id: conversationId } });
    setConversation(closed);
  });

  // Opened: shown as a modal, the current conversation read again (it may have changed in another tab).
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads on opening only.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      box.current?.focus();
      void load.run();
    }
    if (!open && d.open) d.close();
  }, [open]);

  // Each new message is scrolled to, from its start (a long answer is read from the top): in the log, or
  // in the panel where the panel scrolls as a whole (a phone). The page behind does not move.
  const count = (conversation?.messages.length ?? 0) + (pending === null ? 0 : 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message is added.
  useEffect(() => {
    const item = log.current?.querySelector<HTMLElement>(":scope > ol > li:last-child");
    if (!item) return;
    for (const box of [log.current, dialog.current]) {
      if (box && box.scrollHeight > box.clientHeight) {
        box.scrollTop += item.getBoundingClientRect().top - box.getBoundingClientRect().top - 8;
      }
    }
  }, [count]);

  const startNew = () => {
    setConversation(null);
    setAskingPerson(false);
    close.clear();
    ask.clear();
    requestAnimationFrame(() => box.current?.focus());
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const text = draft.trim();
    if (text && !ask.busy) void ask.run(text);
  };
  const enterSends = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  const messages = conversation?.messages ?? [];
  const isOpen = conversation?.status === "open";
  const closed = conversation?.status === "closed" ? conversation : null;
  const last = messages.at(-1);
  const offered = isOpen && (askingPerson || (last?.role === "assistant" && last.handoffOffered));
  const email = account?.account.email ?? null;

  return (
    <dialog ref={dialog} className="assistant-panel" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className="assistant-head">
        <h2 id={`${id}-title`}>Support assistant</h2>
        <button type="button" className="button small" onClick={onClose}>
          Close panel
        </button>
      </div>
      <p className="hint assistant-intro">Answers come from Clipwright's documentation, quoted with their sources.</p>
      {load.busy && !conversation ? <Loading what="Opening your conversation" /> : null}
      <Refusal failure={load.failure} />
      <MessageLog ref={log} messages={messages} pending={pending} canHandOff={isOpen} />
      <p className="visually-hidden" role="status">
        {ask.busy ? "Looking through the documentation…" : ""}
      </p>
      {ask.busy ? (
        <p className="muted small assistant-busy" aria-hidden="true">
          Looking through the documentation…
        </p>
      ) : null}
      <Refusal failure={ask.failure ?? close.failure} />
      {offered && conversation ? (
        <HandoffForm
          conversationId={conversation.id}
          onSent={(answer) => setConversation({ ...answer.conversation, messages })}
        />
      ) : null}
      {closed ? (
        <Notice tone={closed.handoff ? "success" : "info"} live>
          {closed.handoff ? (
            <HandoffSent handoff={closed.handoff} email={email} />
          ) : (
            <p>This conversation is closed. Its next question starts a new one.</p>
          )}
          <button type="button" className="button primary" onClick={startNew}>
            Start a new conversation
          </button>
        </Notice>
      ) : (
        <form className="assistant-ask" onSubmit={submit}>
          <label htmlFor={`${id}-question`}>Your question</label>
          <textarea
            ref={box}
            id={`${id}-question`}
            rows={3}
            maxLength={MAX_QUESTION}
            aria-describedby={`${id}-ask-hint`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={enterSends}
          />
          <p className="hint" id={`${id}-ask-hint`}>
            Enter sends; Shift+Enter starts a new line.
            {allowance
              ? ` ${allowance.questionsLeftToday} of ${allowance.questionsPerDay} questions left today (more ${until(allowance.resetsAt)}).`
              : ""}
          </p>
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={ask.busy || !draft.trim()}>
              {ask.busy ? "Asking…" : "Ask"}
            </button>
            {isOpen && !offered ? (
              <button type="button" className="button" onClick={() => setAskingPerson(true)}>
                Ask a person instead
              </button>
            ) : null}
            {isOpen && conversation ? (
              <button
                type="button"
                className="button"
                disabled={close.busy}
                onClick={() => void close.run(conversation.id)}
              >
                {close.busy ? "Closing…" : "Close conversation"}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </dialog>
  );
}
