import type { Endpoint } from "../../api/types";
import { Badge } from "../../components/badge";

export function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  return endpoint.status === "active" ? <Badge tone="good">active</Badge> : <Badge tone="bad">disabled</Badge>;
}

/** Why an endpoint is disabled, in words. */
export function disabledBecause(endpoint: Endpoint): string {
  if (endpoint.disabledReason === "consecutive_failures")
    return "The service disabled it after 20 failed deliveries in a row.";
  if (endpoint.disabledReason === "disabled_by_request") return "It was disabled from the dashboard or the API.";
  return "It is disabled.";
}
