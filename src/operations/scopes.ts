/** The spec's 14 scopes. Only these two can never be granted to an API key. */
export const SCOPES = [
  "catalog:read",
  "account:read",
  "wallet:read",
  "usage:read",
  "storyboards:read",
  "storyboards:write",
  "renders:read",
  "renders:write",
  "marketing:read",
  "marketing:write",
  "marketing:export",
  "webhooks:manage",
  "keys:manage",
  "assistant:use",
] as const;
export type Scope = (typeof SCOPES)[number];

export const NON_GRANTABLE_SCOPES: readonly Scope[] = ["keys:manage", "assistant:use"];
export const GRANTABLE_SCOPES = SCOPES.filter((s) => !NON_GRANTABLE_SCOPES.includes(s));
/** Scopes that spend seconds (spec: Scopes table). */
export const SPENDING_SCOPES: readonly Scope[] = ["renders:write", "marketing:export"];

export const RATE_CLASSES = ["read", "write", "expensive", "charge"] as const;
export type RateClass = (typeof RATE_CLASSES)[number];
