import { call } from "../api/client";
import { PageHeader } from "../components/page-header";
import { PagedTable } from "../components/paged-table";
import { formatDateTime } from "../format";
import { usePages } from "../hooks/use-pages";
import { Link } from "../router/link";
import { EndpointStatus } from "./webhooks/endpoint-status";

/** The account's webhook endpoints, disabled ones included. */
export default function Webhooks() {
  const pages = usePages((cursor) => call("webhooks.list", { query: { limit: 50, cursor } }));
  const add = (
    <Link className="button primary" to="/webhooks/new">
      Add endpoint
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Clipwright posts a signed event to your endpoints when a job finishes, so you need not poll."
        actions={add}
      />
      <PagedTable
        pages={pages}
        label="Webhook endpoints"
        empty={{
          title: "No endpoints yet",
          action: add,
          body: "Add the address of a receiver of yours and choose the events it should get: finished renders, exports and scans, for instance.",
        }}
        columns={[
          "Endpoint",
          "Status",
          { name: "Events", num: true },
          { name: "Failures in a row", num: true },
          "Last delivery",
          "Created",
        ]}
        row={(e) => (
          <tr key={e.id}>
            <th scope="row" className="url">
              <Link to={`/webhooks/${e.id}`}>{e.url}</Link>
              {e.description ? <span className="muted block">{e.description}</span> : null}
            </th>
            <td>
              <EndpointStatus endpoint={e} />
            </td>
            <td className="num">{e.events.length}</td>
            <td className="num">{e.failureStreak}</td>
            <td>{e.lastDeliveryAt ? formatDateTime(e.lastDeliveryAt) : "None yet"}</td>
            <td>{formatDateTime(e.createdAt)}</td>
          </tr>
        )}
      />
    </>
  );
}
