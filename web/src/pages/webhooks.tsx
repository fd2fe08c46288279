import { call } from "../api/client";
import { EmptyState } from "../components/empty-state";
import { LoadMore } from "../components/load-more";
import { Loading } from "../components/loading";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { TableWrap } from "../components/table-wrap";
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
      <Refusal failure={pages.failure} />
      {pages.loading && !pages.rows ? <Loading /> : null}
      {pages.rows && pages.rows.length === 0 ? (
        <EmptyState title="No endpoints yet" action={add}>
          Add the address of a receiver of yours and choose the events it should get: finished renders, exports and
          scans, for instance.
        </EmptyState>
      ) : null}
      {pages.rows && pages.rows.length > 0 ? (
        <TableWrap label="Webhook endpoints">
          <table>
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Events
                </th>
                <th scope="col" className="num">
                  Failures in a row
                </th>
                <th scope="col">Last delivery</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {pages.rows.map((e) => (
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
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {pages.more ? <LoadMore onClick={pages.loadMore} busy={pages.loadingMore} /> : null}
    </>
  );
}
