import { ApiError } from "../../contract/errors.js";
import { inspectUrl, type Refusal, webhookPolicy } from "../../net/guard.js";
import type { DomainServices } from "../services.js";

/** The spec's webhook URL rules, at registration and on change (deliveries check again, see dispatcher). */
export async function checkWebhookUrl(deps: Pick<DomainServices, "config" | "resolver">, url: string): Promise<void> {
  const verdict = await inspectUrl(url, webhookPolicy(deps.config, deps.config.webhookDenyHosts), deps.resolver);
  if (!verdict.ok) throw webhookUrlError(verdict);
}

/** The spec's webhook URL table. */
export function webhookUrlError(verdict: Refusal): ApiError {
  switch (verdict.problem) {
    case "blocked":
      return new ApiError("webhook_url_blocked", { reason: verdict.kind ?? "reserved", host: verdict.host });
    case "unresolvable":
      return new ApiError("webhook_url_blocked", { reason: "unresolvable", host: verdict.host });
    case "denied":
      return new ApiError("webhook_host_denied", { host: verdict.host });
    default:
      return new ApiError("webhook_url_invalid", { reason: verdict.problem });
  }
}
