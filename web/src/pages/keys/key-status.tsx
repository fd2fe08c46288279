import type { ApiKey } from "../../api/types";
import { Badge } from "../../components/badge";
import { formatRelative } from "../../format";

/** Active, revoked or expired; a key in a rotation's grace period says when it stops. */
export function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.status === "active" && apiKey.revokedAt) {
    return <Badge tone="warn">stops {formatRelative(apiKey.revokedAt)}</Badge>;
  }
  if (apiKey.status === "active") return <Badge tone="good">active</Badge>;
  return <Badge tone={apiKey.status === "revoked" ? "bad" : "neutral"}>{apiKey.status}</Badge>;
}
