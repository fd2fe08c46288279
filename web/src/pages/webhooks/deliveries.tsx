import { useEffect, useRef } from "react";
import { call } from "../../api/client";
import type { Delivery } from "../../api/types";
import { Badge, type BadgeTone } from "../../components/badge";
import { EmptyState } from "../../components/empty-state";
import { LoadMore } from "../../components/load-more";
import { Loading } from "../../components/loading";
import { Notice } from "../../components/notice";
import { Refusal } from "../../components/refusal";
import { TableWrap } from "../../components/table-wrap";
import { formatDateTime, formatRelative } from "../../format";
import { usePages } from "../../hooks/use-pages";

const TONES: Record<Delivery["status"], BadgeTone> = { succeeded: "good", pending: "neutral", failed: "bad" };
/** How often the log is read again while a test delivery is on its way. */
const WATCH_EVERY_MS = 1000;

function outcome(d: Delivery): string {
  if (d.status === "pending" && d.nextAttemptAt) return `next try ${formatRelative(d.nextAttemptAt)}`;
  return d.lastError ?? "";
}

/**
 * The delivery log, newest first: each attempt's status, the receiver's HTTP status and how long it took.
 * While a test delivery (`watch`) is on its way the log is read every second, until it has an answer.
 */
export function Deliveries({
  endpointId,
  watch,
  onSettled,
}: {
  endpointId: string;
  watch: string | null;
  onSettled: () => void;
}) {
  const pages = usePages(
    (cursor) => call("webhooks.listDeliveries", { params: { id: endpointId }, query: { limit: 25, cursor } }),
    endpointId,
  );
  const watched = watch ? pages.rows?.find((d) => d.id === watch) : undefined;
  const waiting = watch !== null && (!watched || (watched.status === "pending" && watched.responseStatus === null));
  const { reload } = pages;
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (!watch) return;
    if (!waiting) {
      // Once per test: the endpoint's own fields (last delivery, failures in a row) changed too.
      if (settled.current !== watch) {
        settled.current = watch;
        onSettled();
      }
      return;
    }
    const timer = setTimeout(() => void reload(), WATCH_EVERY_MS);
    return () => clearTimeout(timer);
  }, [watch, waiting, reload, onSettled]);

  return (
    <section aria-labelledby="deliveries-title" className="section">
      <div className="section-head">
        <h2 id="deliveries-title">Deliveries</h2>
        <button type="button" className="button small" onClick={() => void pages.reload()}>
          Refresh
        </button>
      </div>
      {watch ? (
        <Notice tone={waiting ? "info" : watched?.status === "succeeded" ? "success" : "warning"} live>
          <p>
            {waiting
              ? "Test event sent. Waiting for your receiver's answer…"
              : watched?.status === "succeeded"
                ? `Test delivered: your receiver answered HTTP ${watched.responseStatus} in ${watched.responseMs} ms.`
                : `The test was not accepted${watched?.responseStatus ? `: HTTP ${watched.responseStatus}` : ""}${watched?.lastError ? ` (${watched.lastError})` : ""}. It is retried as the log shows.`}
          </p>
        </Notice>
      ) : null}
      <Refusal failure={pages.failure} />
      {pages.loading && !pages.rows ? <Loading /> : null}
      {pages.rows && pages.rows.length === 0 ? (
        <EmptyState title="No deliveries yet">
          Each event sent to this endpoint, and each retry, is listed here. Send a test event to see one.
        </EmptyState>
      ) : null}
      {pages.rows && pages.rows.length > 0 ? (
        <TableWrap label="Deliveries">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Attempt
                </th>
                <th scope="col" className="num">
                  Response
                </th>
                <th scope="col" className="num">
                  Latency
                </th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {pages.rows.map((d) => (
                <tr key={d.id}>
                  <td className="when">{formatDateTime(d.createdAt)}</td>
                  <td>
                    <code className="nowrap">{d.eventType}</code>
                    <span className="muted block small nowrap">event {d.eventId}</span>
                  </td>
                  <td>
                    <Badge tone={TONES[d.status]}>{d.status}</Badge>
                  </td>
                  <td className="num">{d.attempt} of 6</td>
                  <td className="num">{d.responseStatus ?? "—"}</td>
                  <td className="num">{d.responseMs === null ? "—" : `${d.responseMs} ms`}</td>
                  <td className="details">{outcome(d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {pages.more ? <LoadMore onClick={pages.loadMore} busy={pages.loadingMore} /> : null}
    </section>
  );
}
