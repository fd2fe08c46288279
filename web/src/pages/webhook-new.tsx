import { useState } from "react";
import { call } from "../api/client";
import type { Operations } from "../api/openapi-types";
import type { EventType } from "../api/types";
import { Field } from "../components/field";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { SecretReveal } from "../components/secret-reveal";
import { EVENT_GROUPS } from "../content/events";
import { useAction } from "../hooks/use-load";
import { Link } from "../router/link";
import { EventsPicker } from "./webhooks/events-picker";

type Created = Operations["webhooks.create"]["response"];

const LABELS = { url: "Endpoint address", events: "Events", description: "Description" };

/** Every job event: what most receivers want. */
const JOB_EVENTS: EventType[] = EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.type));

export default function WebhookNew() {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<EventType[]>(JOB_EVENTS);
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const action = useAction(async () => {
    const body = { url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) };
    setCreated(await call("webhooks.create", { body }));
  });

  if (created) {
    return (
      <>
        <PageHeader title="Endpoint added" />
        <SecretReveal title="Signing secret" secret={created.secret} what="signing secret">
          <p>
            Every delivery carries a <code>Service-Signature</code> header: an HMAC-SHA256 of the body made with this
            secret. Check it before trusting an event; the guide for receivers is <code>docs/webhooks.md</code>.
          </p>
          <Link className="button primary" to={`/webhooks/${created.endpoint.id}`}>
            Go to the endpoint
          </Link>
        </SecretReveal>
      </>
    );
  }

  const urlProblem = tried && !url.trim() ? "Enter the address events should be posted to." : null;
  const eventsProblem = tried && events.length === 0 ? "Choose at least one event." : null;
  return (
    <>
      <PageHeader title="Add a webhook endpoint" description="Where Clipwright should post events, and which ones." />
      <form
        className="form wide"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          const form = e.currentTarget;
          if (url.trim() && events.length > 0) void action.run();
          // The first field with a problem, once React has marked it.
          else requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
        }}
      >
        <Field
          label="Endpoint address"
          hint="A public https:// address of your receiver, such as https://hooks.example.com/clipwright."
          problem={urlProblem}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              required
              maxLength={2048}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description (optional)" hint="For you: what receives these events.">
          {(control) => (
            <input {...control} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        <EventsPicker value={events} onChange={setEvents} problem={eventsProblem} />
        <Refusal failure={action.failure} labels={LABELS} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={action.busy}>
            {action.busy ? "Adding…" : "Add endpoint"}
          </button>
          <Link className="button" to="/webhooks">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
