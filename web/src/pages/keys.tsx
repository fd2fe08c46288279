import { useState } from "react";
import { call } from "../api/client";
import type { ApiKey } from "../api/types";
import { PageHeader } from "../components/page-header";
import { PagedTable } from "../components/paged-table";
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
      <PagedTable
        pages={pages}
        label="API keys"
        empty={{
          title: "No API keys yet",
          action: create,
          body: "Create a key for each program that calls the API, so you can revoke one without stopping the others.",
        }}
        columns={["Name", "Key", "Status", "Scopes", "Limits and expiry", { name: "Actions", hidden: true }]}
        row={(k) => (
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
        )}
      />
      <RotateDialog apiKey={rotating} onClose={() => setRotating(null)} onRotated={() => void pages.reload()} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={() => void pages.reload()} />
    </>
  );
}
