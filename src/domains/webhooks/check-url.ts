import type { Deps } from "../../deps.js";
import { inspectUrl, webhookPolicy, webhookUrlError } from "../../net/guard.js";

/** The spec's webhook URL rules, at registration and on change (deliveries check again, see dispatcher). */
export async function checkWebhookUrl(deps: Pick<Deps, "config" | "resolver">, url: string): Promise<void> {
  const verdict = await inspectUrl(url, webhookPolicy(deps.config, deps.config.webhookDenyHosts), deps.resolver);
  if (!verdict.ok) throw webhookUrlError(verdict);
}
