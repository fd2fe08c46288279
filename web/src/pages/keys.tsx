import { useState } from "react";
import { call } from "../api/client";
import type { ApiKey } from "../api/types";
import { EmptyState } from "../components/empty-state";
import { LoadMore } from "../components/load-more";
import { Loading } from "../components/loading";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { TableWrap } from "../components/table-wrap";
import { ALL_SCOPES } from "../content/scopes";
import { formatDateTime, formatDay, formatNumber } from "../format";
import { usePages } from "../hooks/use-pages";
import { Link } from "../router/link";
import { KeyStatus } from "./keys/key-status";
import { RevokeDialog } from "./keys/revoke-dialog";
import { RotateDialog } from "./keys/rotate-dialog";

const limits = (k: ApiKey): string =>
  [
    k.rateLimitPerMinute ? `${formatNumber(k.rateLimitPerMinute)}/min` : "",
    k.rateLimitPerDay ? `${formatNumber(k.rateLimitPerDay)}/day` : "",
  ]
    .filter(Boolean)
    .join(", ") || "Service limits";

/** The account's API keys: what each may do, whether it works, and rotating or revoking it. */
export default function Keys() {
  const pages = usePages((cursor) => call("keys.list", { query: { limit: 50, cursor } }));
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const create = (
    <Link className="button primary" to="/keys/new">
      Create key
    </Link>
  );
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys let your programs call the API. Each key can do only what its scopes allow."
        actions={create}
      />
      <Refusal failure={pages.failure} />
      {pages.loading && !pages.rows ? <Loading /> : null}
      {pages.rows && pages.rows.length === 0 ? (
        <EmptyState title="No API keys yet" action={create}>
          Create a key for each program that calls the API, so you can revoke one without stopping the others.
        </EmptyState>
      ) : null}
      {pages.rows && pages.rows.length > 0 ? (
        <TableWrap label="API keys">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Status</th>
                <th scope="col">Scopes</th>
                <th scope="col">Limits and expiry</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.rows.map((k) => (
                <tr key={k.id}>
                  <th scope="row">
                    {k.name}
                    <span className="muted block small">created {formatDateTime(k.createdAt)}</span>
                  </th>
                  <td>
                    <code className="nowrap">
                      {k.prefix}…{k.last4}
                    </code>
                  </td>
                  <td>
                    <KeyStatus apiKey={k} />
                    <span className="muted block small">
                      {k.lastUsedAt ? `last used ${formatDateTime(k.lastUsedAt)}` : "never used"}
                    </span>
                  </td>
                  <td className="scopes">
                    {k.scopes.length === ALL_SCOPES.length ? `All ${ALL_SCOPES.length} scopes` : k.scopes.join(", ")}
                  </td>
                  <td>
                    {limits(k)}
                    <span className="muted block small">
                      {k.expires ? `works until the end of ${formatDay(k.expires)} (UTC)` : "never expires"}
                    </span>
                  </td>
                  <td className="row-actions">
                    {k.status === "active" && !k.revokedAt ? (
                      <>
                        <button type="button" className="button small" onClick={() => setRotating(k)}>
                          Rotate<span className="visually-hidden"> {k.name}</span>
                        </button>
                        <button type="button" className="button small danger" onClick={() => setRevoking(k)}>
                          Revoke<span className="visually-hidden"> {k.name}</span>
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {pages.more ? <LoadMore onClick={pages.loadMore} busy={pages.loadingMore} /> : null}
      <RotateDialog apiKey={rotating} onClose={() => setRotating(null)} onRotated={() => void pages.reload()} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={() => void pages.reload()} />
    </>
  );
}
