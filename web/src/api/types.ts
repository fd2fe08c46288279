import type { Operations } from "./openapi-types";

/** Friendly names for the shapes the pages show (all from the generated OpenAPI types). */
export type AccountInfo = Operations["account.get"]["response"];
export type Wallet = Operations["wallet.get"]["response"];
export type LedgerEntry = Operations["wallet.listLedger"]["response"]["data"][number];
export type Plan = Operations["catalog.listPlans"]["response"]["data"][number];
export type Usage = Operations["usage.get"]["response"];
export type ApiKey = Operations["keys.get"]["response"];
export type GrantableScope = Exclude<
  Operations["keys.create"]["body"]["scopes"][number],
  "keys:manage" | "assistant:use"
>;
export type Endpoint = Operations["webhooks.get"]["response"];
export type EventType = Operations["webhooks.create"]["body"]["events"][number];
export type Delivery = Operations["webhooks.listDeliveries"]["response"]["data"][number];
