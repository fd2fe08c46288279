import { useState } from "react";
import { call } from "../api/client";
import type { Operations } from "../api/openapi-types";
import type { EventType } from "../api/types";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { SecretReveal } from "../components/secret-reveal";
import { EVENT_GROUPS } from "../content/events";
import { useAction } from "../hooks/use-load";
import { Link } from "../router/link";
import { EndpointForm, useEndpointDraft } from "./webhooks/endpoint-form";

type Created = Operations["webhooks.create"]["response"];

const LABELS = { url: "Endpoint address", events: "Events", description: "Description" };

/** Every job event: what most receivers want. */
const JOB_EVENTS: EventType[] = EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.type));

export default function WebhookNew() {
  const draft = useEndpointDraft({ url: "", description: "", events: JOB_EVENTS });
  const [created, setCreated] = useState<Created | null>(null);
  const action = useAction(async () => {
    const { url, events, description } = draft;
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

  return (
    <>
      <PageHeader title="Add a webhook endpoint" description="Where Clipwright should post events, and which ones." />
      <EndpointForm
        draft={draft}
        onValid={() => void action.run()}
        descriptionHint="For you: what receives these events."
      >
        <Refusal failure={action.failure} labels={LABELS} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={action.busy}>
            {action.busy ? "Adding…" : "Add endpoint"}
          </button>
          <Link className="button" to="/webhooks">
            Cancel
          </Link>
        </div>
      </EndpointForm>
    </>
  );
}
