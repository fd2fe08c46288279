import { type ReactNode, useState } from "react";
import type { EventType } from "../../api/types";
import { CheckedForm } from "../../components/checked-form";
import { InputField } from "../../components/input-field";
import { EventsPicker } from "./events-picker";

/** What adding and editing an endpoint ask for, as typed so far, and whether sending was tried. */
export function useEndpointDraft(start: { url: string; description: string; events: EventType[] }) {
  const [url, setUrl] = useState(start.url);
  const [description, setDescription] = useState(start.description);
  const [events, setEvents] = useState<EventType[]>(start.events);
  const [tried, setTried] = useState(false);
  return { url, setUrl, description, setDescription, events, setEvents, tried, setTried };
}

type Draft = ReturnType<typeof useEndpointDraft>;

/**
 * The endpoint form adding and editing share: address, description and events, checked before sending
 * (an address and at least one event). `atField` are the service's refusals said next to a field, shown
 * when the form's own check finds nothing; `children` are what follows (refusal, buttons).
 */
export function EndpointForm({
  draft,
  onValid,
  descriptionHint,
  atField = {},
  children,
}: {
  draft: Draft;
  onValid: () => void;
  descriptionHint: string;
  atField?: { url?: string; events?: string; description?: string };
  children: ReactNode;
}) {
  const { url, description, events, tried } = draft;
  return (
    <CheckedForm
      wide
      valid={url.trim() !== "" && events.length > 0}
      onTried={() => draft.setTried(true)}
      onValid={onValid}
    >
      <InputField
        label="Endpoint address"
        hint="A public https:// address of your receiver, such as https://hooks.example.com/clipwright."
        problem={tried && !url.trim() ? "Enter the address events should be posted to." : (atField.url ?? null)}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        required
        maxLength={2048}
        value={url}
        onChange={draft.setUrl}
      />
      <InputField
        label="Description (optional)"
        hint={descriptionHint}
        problem={atField.description ?? null}
        maxLength={500}
        value={description}
        onChange={draft.setDescription}
      />
      <EventsPicker
        value={events}
        onChange={draft.setEvents}
        problem={tried && events.length === 0 ? "Choose at least one event." : (atField.events ?? null)}
      />
      {children}
    </CheckedForm>
  );
}
