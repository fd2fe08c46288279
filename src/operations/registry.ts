import type { RateClass, Scope } from "./scopes.js";

/**
 * The spec's operation list, one row per operation (71). Router, scope check, rate limiter, idempotency
 * layer, OpenAPI document and MCP tool list all read these rows; nothing restates them.
 * Flags: async = answers 202 with a job; idempotent = Idempotency-Key required;
 * dashboardOnly = the `*` of the spec's Auth column (session credential only);
 * verifiedEmail (v) and paidRequired (p) are account-state checks the spec attaches to operations.
 */
export interface OperationRow {
  id: OperationId;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  scopes: Scope[];
  rateClass: RateClass;
  async: boolean;
  idempotent: boolean;
  dashboardOnly: boolean;
  /** 403 email_unverified before the operation runs. */
  verifiedEmail: boolean;
  /** Needs a live plan or top-up even from a session (spec, Authentication 5: creating or rotating a key). */
  paidRequired: boolean;
}

type Flags = "" | "A" | "I" | "AI" | "I*" | "*" | "AIv" | "I*p";

/** A row before the union of ids exists: `op` keeps each id's literal type so the union can be read off. */
type RowOf<Id extends string> = Omit<OperationRow, "id"> & { id: Id };

function op<const Id extends string>(
  id: Id,
  method: OperationRow["method"],
  path: string,
  scope: Scope,
  rateClass: RateClass,
  flags: Flags = "",
): RowOf<Id> {
  return {
    id,
    method,
    path,
    scopes: [scope],
    rateClass,
    async: flags.includes("A"),
    idempotent: flags.includes("I"),
    dashboardOnly: flags.includes("*"),
    verifiedEmail: flags.includes("v"),
    paidRequired: flags.includes("p"),
  };
}

const ROWS = [
  op("account.get", "GET", "/account", "account:read", "read"),

  op("assistant.closeConversation", "POST", "/assistant/conversations/{id}/close", "assistant:use", "write", "I*"),
  op("assistant.getCurrentConversation", "GET", "/assistant/conversations/current", "assistant:use", "read", "*"),
  op("assistant.getConversation", "GET", "/assistant/conversations/{id}", "assistant:use", "read", "*"),
  op("assistant.createHandoff", "POST", "/assistant/handoffs", "assistant:use", "write", "I*"),
  op("assistant.sendMessage", "POST", "/assistant/messages", "assistant:use", "expensive", "I*"),

  op("catalog.listMarketingTemplates", "GET", "/catalog/marketing/templates", "catalog:read", "read"),
  op("catalog.listPlans", "GET", "/catalog/plans", "catalog:read", "read"),
  op("catalog.getRenderOptions", "GET", "/catalog/render-options", "catalog:read", "read"),
  op("catalog.listVoices", "GET", "/catalog/voices", "catalog:read", "read"),

  op("keys.create", "POST", "/keys", "keys:manage", "write", "I*p"),
  op("keys.get", "GET", "/keys/{id}", "keys:manage", "write", "*"),
  op("keys.list", "GET", "/keys", "keys:manage", "write", "*"),
  op("keys.revoke", "POST", "/keys/{id}/revoke", "keys:manage", "write", "I*"),
  op("keys.rotate", "POST", "/keys/{id}/rotate", "keys:manage", "write", "I*p"),

  op("marketing.getBrandKit", "GET", "/marketing/brand-kit", "marketing:read", "read"),
  op("marketing.updateBrandKit", "PUT", "/marketing/brand-kit", "marketing:write", "write", "I"),
  op("marketing.cancelExport", "POST", "/marketing/exports/{id}/cancel", "marketing:export", "write", "I"),
  op("marketing.createExport", "POST", "/marketing/projects/{id}/exports", "marketing:export", "charge", "AIv"),
  op("marketing.downloadExport", "GET", "/marketing/exports/{id}/download", "marketing:read", "read"),
  op("marketing.getExport", "GET", "/marketing/exports/{id}", "marketing:read", "read"),
  op("marketing.listExports", "GET", "/marketing/exports", "marketing:read", "read"),
  op("marketing.quoteExport", "POST", "/marketing/exports/quote", "marketing:read", "read"),
  op("marketing.cancelGeneration", "POST", "/marketing/generations/{id}/cancel", "marketing:write", "write", "I"),
  op("marketing.createGeneration", "POST", "/marketing/generations", "marketing:write", "expensive", "AI"),
  op("marketing.getGeneration", "GET", "/marketing/generations/{id}", "marketing:read", "read"),
  op("marketing.listGenerations", "GET", "/marketing/generations", "marketing:read", "read"),
  op("marketing.preflightGeneration", "POST", "/marketing/generations/preflight", "marketing:write", "expensive"),
  op("marketing.retryGeneration", "POST", "/marketing/generations/{id}/retry", "marketing:write", "expensive", "AI"),
  op("marketing.createProject", "POST", "/marketing/projects", "marketing:write", "write", "I"),
  op("marketing.deleteProject", "DELETE", "/marketing/projects/{id}", "marketing:write", "write", "I"),
  op("marketing.getProject", "GET", "/marketing/projects/{id}", "marketing:read", "read"),
  op("marketing.listProjects", "GET", "/marketing/projects", "marketing:read", "read"),
  op("marketing.createRevision", "POST", "/marketing/projects/{id}/revisions", "marketing:write", "write", "I"),
  op("marketing.editProject", "POST", "/marketing/projects/{id}/edits", "marketing:write", "expensive", "I"),
  op("marketing.listRevisions", "GET", "/marketing/projects/{id}/revisions", "marketing:read", "read"),
  op("marketing.cancelSource", "POST", "/marketing/sources/{id}/cancel", "marketing:write", "write", "I"),
  op("marketing.createSource", "POST", "/marketing/sources", "marketing:write", "expensive", "AI"),
  op("marketing.deleteSource", "DELETE", "/marketing/sources/{id}", "marketing:write", "write", "I"),
  op("marketing.getSource", "GET", "/marketing/sources/{id}", "marketing:read", "read"),
  op("marketing.listSources", "GET", "/marketing/sources", "marketing:read", "read"),
  op("marketing.refreshSource", "POST", "/marketing/sources/{id}/refresh", "marketing:write", "expensive", "AI"),

  op("renders.cancel", "POST", "/renders/{id}/cancel", "renders:write", "write", "I"),
  op("renders.create", "POST", "/renders", "renders:write", "charge", "AI"),
  op("renders.createFromStoryboard", "POST", "/storyboards/{id}/renders", "renders:write", "charge", "AIv"),
  op("renders.download", "GET", "/renders/{id}/download", "renders:read", "read"),
  op("renders.get", "GET", "/renders/{id}", "renders:read", "read"),
  op("renders.list", "GET", "/renders", "renders:read", "read"),
  op("renders.quote", "POST", "/renders/quote", "renders:read", "read"),

  op("storyboards.cancel", "POST", "/storyboards/{id}/cancel", "storyboards:write", "write", "I"),
  op("storyboards.create", "POST", "/storyboards", "storyboards:write", "expensive", "AI"),
  op("storyboards.get", "GET", "/storyboards/{id}", "storyboards:read", "read"),
  op("storyboards.improveHint", "POST", "/storyboards/hint/improve", "storyboards:write", "expensive"),
  op("storyboards.list", "GET", "/storyboards", "storyboards:read", "read"),
  op("storyboards.suggest", "POST", "/storyboards/suggestions", "storyboards:write", "expensive"),

  op("templates.create", "POST", "/templates", "renders:write", "write", "I"),
  op("templates.delete", "DELETE", "/templates/{id}", "renders:write", "write", "I"),
  op("templates.get", "GET", "/templates/{id}", "renders:read", "read"),
  op("templates.list", "GET", "/templates", "renders:read", "read"),
  op("templates.update", "PUT", "/templates/{id}", "renders:write", "write", "I"),

  op("usage.get", "GET", "/usage", "usage:read", "read"),
  op("voices.preview", "POST", "/voices/preview", "catalog:read", "expensive"),

  op("wallet.get", "GET", "/wallet", "wallet:read", "read"),
  op("wallet.listLedger", "GET", "/wallet/ledger", "wallet:read", "read"),

  op("webhooks.create", "POST", "/webhooks", "webhooks:manage", "write", "I"),
  op("webhooks.delete", "DELETE", "/webhooks/{id}", "webhooks:manage", "write", "I"),
  op("webhooks.listDeliveries", "GET", "/webhooks/{id}/deliveries", "webhooks:manage", "write"),
  op("webhooks.get", "GET", "/webhooks/{id}", "webhooks:manage", "write"),
  op("webhooks.list", "GET", "/webhooks", "webhooks:manage", "write"),
  op("webhooks.test", "POST", "/webhooks/{id}/test", "webhooks:manage", "write", "I"),
  op("webhooks.update", "PATCH", "/webhooks/{id}", "webhooks:manage", "write", "I"),
] as const satisfies readonly RowOf<string>[];

/** The dotted name of one of the registry's operations (`renders.create`): a union, so a typo fails to compile. */
export type OperationId = (typeof ROWS)[number]["id"];

export const OPERATIONS: readonly OperationRow[] = ROWS;

/** Where every operation's path is mounted. */
export const API_PREFIX = "/api/v1";

/** MCP tool name: the dotted operationId with "." replaced by "_". */
export const toolName = (id: OperationId): string => id.replaceAll(".", "_");
