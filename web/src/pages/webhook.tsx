import { useRef, useState } from "react";
import { call } from "../api/client";
import type { Endpoint } from "../api/types";
import { Breadcrumb } from "../components/breadcrumb";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Refusal } from "../components/refusal";
import { formatDateTime } from "../format";
import { useAction, useLoad } from "../hooks/use-load";
import { Link } from "../router/link";
import type { PageProps } from "../routes";
import { DeleteEndpointDialog } from "./webhooks/delete-dialog";
import { Deliveries } from "./webhooks/deliveries";
import { EditEndpoint } from "./webhooks/edit-endpoint";
import { disabledBecause, EndpointStatus } from "./webhooks/endpoint-status";

/** One endpoint: what it receives, its state, a test delivery, and its delivery log. */
export default function Webhook({ params }: PageProps) {
  const id = params.id as string;
  const endpoint = useLoad(() => call("webhooks.get", { params: { id } }), id);
  const [testedAt, setTestedAt] = useState<{ deliveryId: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const setStatus = useAction(async (status: "active" | "disabled") => {
    endpoint.setData(await call("webhooks.update", { params: { id }, body: { status } }));
  });
  const test = useAction(async () => {
    setTestedAt(await call("webhooks.test", { params: { id } }));
  });
  const e = endpoint.data;

  if (!e) {
    return (
      <>
        <PageLoading title="Webhook endpoint" failure={endpoint.failure} loading={endpoint.loading} />
        <p>
          <Link to="/webhooks">All endpoints</Link>
        </p>
      </>
    );
  }
  const active = e.status === "active";
  return (
    <>
      <Breadcrumb to="/webhooks">Webhooks</Breadcrumb>
      <PageHeader
        title={e.url}
        description={e.description ?? undefined}
        actions={
          <>
            {active ? (
              <button type="button" className="button primary" disabled={test.busy} onClick={() => void test.run()}>
                {test.busy ? "Sending…" : "Send test event"}
              </button>
            ) : (
              <button
                type="button"
                className="button primary"
                disabled={setStatus.busy}
                onClick={() => void setStatus.run("active")}
              >
                Enable endpoint
              </button>
            )}
            {active ? (
              <button
                type="button"
                className="button"
                disabled={setStatus.busy}
                onClick={() => void setStatus.run("disabled")}
              >
                Disable
              </button>
            ) : null}
            <button
              ref={editButton}
              type="button"
              className="button"
              aria-expanded={editing}
              onClick={() => {
                setSaved(null);
                setEditing(true);
              }}
            >
              Edit
            </button>
            <button type="button" className="button danger" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </>
        }
      />
      <Refusal failure={test.failure ?? setStatus.failure} />
      {!active ? (
        <Notice tone="warning">
          <p>
            <strong>This endpoint receives nothing while it is disabled.</strong> {disabledBecause(e)} Events of that
            time are not sent later. Enabling it resets its count of failures.
          </p>
        </Notice>
      ) : null}
      {saved ? (
        <Notice tone="success" live>
          <p>{saved}</p>
        </Notice>
      ) : null}
      {editing ? (
        <EditEndpoint
          endpoint={e}
          onCancel={stopEditing}
          onSaved={(updated) => {
            if (updated) endpoint.setData(updated);
            setSaved(updated ? "Changes saved." : "Nothing changed, so nothing was saved.");
            stopEditing();
          }}
        />
      ) : (
        <EndpointFacts endpoint={e} />
      )}
      <Deliveries endpointId={id} watch={testedAt?.deliveryId ?? null} onSettled={() => void endpoint.reload()} />
      <DeleteEndpointDialog endpoint={deleting ? e : null} onClose={() => setDeleting(false)} />
    </>
  );
}

/** What the endpoint is: its status, failures, last delivery and the events it receives. */
function EndpointFacts({ endpoint: e }: { endpoint: Endpoint }) {
  return (
    <dl className="facts">
      <div>
        <dt>Status</dt>
        <dd>
          <EndpointStatus endpoint={e} />
          {e.disabledAt ? <span className="muted"> since {formatDateTime(e.disabledAt)}</span> : null}
        </dd>
      </div>
      <div>
        <dt>Failed deliveries in a row</dt>
        <dd>{e.failureStreak} (20 disable it; one success resets the count)</dd>
      </div>
      <div>
        <dt>Last delivery</dt>
        <dd>{e.lastDeliveryAt ? formatDateTime(e.lastDeliveryAt) : "None yet"}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>{formatDateTime(e.createdAt)}</dd>
      </div>
      <div className="wide">
        <dt>Events ({e.events.length})</dt>
        <dd>
          <ul className="tags">
            {e.events.map((type) => (
              <li key={type}>
                <code>{type}</code>
              </li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}
