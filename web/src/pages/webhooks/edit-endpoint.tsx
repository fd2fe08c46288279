import { useEffect, useRef } from "react";
import { call } from "../../api/client";
import type { ApiFailure } from "../../api/failure";
import { refusalSentence } from "../../api/refusals";
import type { Endpoint, EventType } from "../../api/types";
import { Refusal } from "../../components/refusal";
import { useAction } from "../../hooks/use-load";
import { EndpointForm, useEndpointDraft } from "./endpoint-form";

type Editable = "url" | "events" | "description";

/** Refusals that are about one field, said next to it: the address's rules, and the schema's per field. */
function fieldProblems(failure: ApiFailure | null): Partial<Record<Editable, string>> {
  if (!failure) return {};
  if (["webhook_url_invalid", "webhook_url_blocked", "webhook_host_denied"].includes(failure.code)) {
    return { url: refusalSentence(failure) };
  }
  const issues = Array.isArray(failure.details.issues) ? failure.details.issues : [];
  const found: Partial<Record<Editable, string>> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = String(issue.path ?? "")
      .replace(/^body\./, "")
      .replace(/\[\d+\]$/, "");
    if (field === "url" || field === "events" || field === "description") {
      found[field] ??=
        field === "events" ? "Choose only events from the list." : `This ${String(issue.message ?? "")}.`;
    }
  }
  return found;
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((e) => b.includes(e));

/**
 * Changes an endpoint's address, events and description (PATCH: only what changed is sent; a new address
 * is checked as at registration). A refusal about a field is said next to it, with the request id below.
 */
export function EditEndpoint({
  endpoint,
  onSaved,
  onCancel,
}: {
  endpoint: Endpoint;
  onSaved: (endpoint: Endpoint | null) => void;
  onCancel: () => void;
}) {
  const draft = useEndpointDraft({
    url: endpoint.url,
    description: endpoint.description ?? "",
    events: endpoint.events as EventType[],
  });
  const save = useAction(async () => {
    const { url, description, events } = draft;
    const nextUrl = url.trim();
    const nextDescription = description.trim() || null;
    const body = {
      ...(nextUrl !== endpoint.url ? { url: nextUrl } : {}),
      ...(!sameEvents(events, endpoint.events) ? { events } : {}),
      ...(nextDescription !== endpoint.description ? { description: nextDescription } : {}),
    };
    if (Object.keys(body).length === 0) return onSaved(null);
    onSaved(await call("webhooks.update", { params: { id: endpoint.id }, body }));
  });

  const atField = fieldProblems(save.failure);
  const shownAtField = Object.keys(atField).length > 0;
  // A refusal about a field moves the focus there, as the form's own checks do.
  const section = useRef<HTMLElement>(null);
  // Opened: the address first, ready to change.
  useEffect(() => {
    section.current?.querySelector<HTMLElement>("input")?.focus();
  }, []);
  useEffect(() => {
    if (shownAtField) section.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [shownAtField]);
  return (
    <section ref={section} className="section" aria-labelledby="edit-endpoint-title">
      <h2 id="edit-endpoint-title">Edit endpoint</h2>
      <p className="hint spaced">A new address is checked as when the endpoint was added. The signing secret stays.</p>
      <EndpointForm
        draft={draft}
        onValid={() => void save.run()}
        descriptionHint="For you: what receives these events. Empty removes it."
        atField={atField}
      >
        {shownAtField ? (
          save.failure?.requestId ? (
            <p className="request-id" role="alert">
              Not saved: see the field above. Request id <code>{save.failure.requestId}</code>: quote it if you ask for
              help.
            </p>
          ) : null
        ) : (
          <Refusal failure={save.failure} />
        )}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={save.busy}>
            {save.busy ? "Saving…" : "Save changes"}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </EndpointForm>
    </section>
  );
}
