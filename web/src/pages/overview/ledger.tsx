import { call } from "../../api/client";
import type { LedgerEntry } from "../../api/types";
import { EmptyState } from "../../components/empty-state";
import { LoadMore } from "../../components/load-more";
import { Loading } from "../../components/loading";
import { Refusal } from "../../components/refusal";
import { Section } from "../../components/section";
import { TableWrap } from "../../components/table-wrap";
import { formatDateTime, formatDelta, formatSeconds } from "../../format";
import { usePages } from "../../hooks/use-pages";

const MOVEMENTS: Record<LedgerEntry["type"], string> = {
  plan_grant: "Plan time granted",
  plan_lapse: "Plan period ended",
  topup: "Top-up",
  free_grant: "Free time granted",
  reservation: "Held for a job",
  charge: "Charged for a job",
  release: "Released from a job",
};

const BUCKETS: [keyof LedgerEntry["deltas"], string][] = [
  ["planSeconds", "plan"],
  ["paygSeconds", "top-up"],
  ["freeSeconds", "free"],
  ["reservedSeconds", "reserved"],
];

/** Which buckets moved: "plan −30 s, reserved −30 s". */
const bucketsMoved = (e: LedgerEntry): string =>
  BUCKETS.filter(([k]) => e.deltas[k] !== 0)
    .map(([k, name]) => `${name} ${formatDelta(e.deltas[k])}`)
    .join(", ");

/** Every movement of the wallet's seconds, newest first (GET /wallet/ledger). */
export function Ledger() {
  const pages = usePages((cursor) => call("wallet.listLedger", { query: { limit: 25, cursor } }));
  return (
    <Section titleId="ledger-title" title="Ledger">
      <p className="muted">Each grant, hold, charge and release of video time, newest first.</p>
      <Refusal failure={pages.failure} />
      {pages.rows && pages.rows.length === 0 ? (
        <EmptyState title="No movements yet">Grants, holds and charges of video time will be listed here.</EmptyState>
      ) : null}
      {pages.rows && pages.rows.length > 0 ? (
        <TableWrap label="Ledger">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Movement</th>
                <th scope="col" className="num">
                  Available change
                </th>
                <th scope="col" className="num">
                  Available after
                </th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {pages.rows.map((e) => (
                <tr key={e.id}>
                  <td className="when">{formatDateTime(e.createdAt)}</td>
                  <td>{MOVEMENTS[e.type]}</td>
                  <td className="num">{e.availableDelta === 0 ? "—" : formatDelta(e.availableDelta)}</td>
                  <td className="num">{formatSeconds(e.availableAfter)}</td>
                  <td className="details">
                    {bucketsMoved(e)}
                    {e.note ? <span className="muted"> · {e.note}</span> : null}
                    {e.jobId ? <span className="muted"> · job {e.jobId}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {pages.loading && !pages.rows ? <Loading /> : null}
      {pages.more ? <LoadMore onClick={pages.loadMore} busy={pages.loadingMore} /> : null}
    </Section>
  );
}
