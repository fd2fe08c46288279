import { useEffect, useRef } from "react";
import { call } from "../../api/client";
import type { Delivery } from "../../api/types";
import { Badge, type BadgeTone } from "../../components/badge";
import { Notice } from "../../components/notice";
import { PagedTable } from "../../components/paged-table";
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
      <PagedTable
        pages={pages}
        label="Deliveries"
        empty={{
          title: "No deliveries yet",
          body: "Each event sent to this endpoint, and each retry, is listed here. Send a test event to see one.",
        }}
        columns={[
          "When",
          "Event",
          "Status",
          { name: "Attempt", num: true },
          { name: "Response", num: true },
          { name: "Latency", num: true },
          "Detail",
        ]}
        row={(d) => (
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
        )}
      />
    </section>
  );
}
