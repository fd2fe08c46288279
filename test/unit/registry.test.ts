import { describe, expect, it } from "vitest";
import { MOUNTED } from "../../src/mounted-operations.js";
import { OPERATIONS, toolName } from "../../src/operations/registry.js";
import { GRANTABLE_SCOPES, NON_GRANTABLE_SCOPES, SCOPES } from "../../src/operations/scopes.js";

describe("operation registry", () => {
  it("holds the spec's 71 operations in 12 domains", () => {
    expect(OPERATIONS).toHaveLength(71);
    expect(new Set(OPERATIONS.map((o) => o.id.split(".")[0])).size).toBe(12);
  });

  it("has unique ids and unique method+path pairs", () => {
    expect(new Set(OPERATIONS.map((o) => o.id)).size).toBe(71);
    expect(new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`)).size).toBe(71);
  });

  it("marks exactly the 10 key-management and assistant operations dashboard-only", () => {
    const dashboard = OPERATIONS.filter((o) => o.dashboardOnly).map((o) => o.id.split(".")[0]);
    expect(dashboard).toHaveLength(10);
    expect(new Set(dashboard)).toEqual(new Set(["keys", "assistant"]));
    expect(OPERATIONS.filter((o) => !o.dashboardOnly)).toHaveLength(61);
  });

  it("gives the spec's scopes: 14, of which 12 grantable", () => {
    expect(SCOPES).toHaveLength(14);
    expect(GRANTABLE_SCOPES).toHaveLength(12);
    expect(NON_GRANTABLE_SCOPES).toEqual(["keys:manage", "assistant:use"]);
    for (const o of OPERATIONS) for (const s of o.scopes) expect(SCOPES).toContain(s);
  });

  it("flags the spec's async operations and spenders", () => {
    const async = OPERATIONS.filter((o) => o.async)
      .map((o) => o.id)
      .sort();
    expect(async).toEqual(
      [
        "marketing.createExport",
        "marketing.createGeneration",
        "marketing.createSource",
        "marketing.refreshSource",
        "marketing.retryGeneration",
        "renders.create",
        "renders.createFromStoryboard",
        "storyboards.create",
      ].sort(),
    );
    for (const o of OPERATIONS.filter((r) => r.async)) expect(o.idempotent).toBe(true);
    const charge = OPERATIONS.filter((o) => o.rateClass === "charge")
      .map((o) => o.id)
      .sort();
    expect(charge).toEqual(["marketing.createExport", "renders.create", "renders.createFromStoryboard"]);
    expect(OPERATIONS.find((o) => o.id === "renders.quote")?.rateClass).toBe("read");
  });

  it("names MCP tools by replacing dots with underscores", () => {
    expect(toolName("renders.createFromStoryboard")).toBe("renders_createFromStoryboard");
    expect(toolName("storyboards.cancel")).toBe("storyboards_cancel");
  });

  it("lists the operations still waiting for a handler (this list only shrinks)", () => {
    const pending = OPERATIONS.filter((row) => !MOUNTED.some((m) => m.row.id === row.id));
    expect(MOUNTED.length + pending.length).toBe(71);
    const mounted = MOUNTED.map((m) => m.row.id).sort();
    expect(mounted).toEqual(
      [
        "account.get",
        "assistant.closeConversation",
        "assistant.createHandoff",
        "assistant.getConversation",
        "assistant.getCurrentConversation",
        "assistant.sendMessage",
        "catalog.getRenderOptions",
        "catalog.listMarketingTemplates",
        "catalog.listPlans",
        "catalog.listVoices",
        "keys.create",
        "keys.get",
        "keys.list",
        "keys.revoke",
        "keys.rotate",
        "marketing.cancelExport",
        "marketing.cancelGeneration",
        "marketing.cancelSource",
        "marketing.createExport",
        "marketing.createGeneration",
        "marketing.createProject",
        "marketing.createRevision",
        "marketing.createSource",
        "marketing.deleteProject",
        "marketing.deleteSource",
        "marketing.downloadExport",
        "marketing.editProject",
        "marketing.getBrandKit",
        "marketing.getExport",
        "marketing.getGeneration",
        "marketing.getProject",
        "marketing.getSource",
        "marketing.listExports",
        "marketing.listGenerations",
        "marketing.listProjects",
        "marketing.listRevisions",
        "marketing.listSources",
        "marketing.preflightGeneration",
        "marketing.quoteExport",
        "marketing.refreshSource",
        "marketing.retryGeneration",
        "marketing.updateBrandKit",
        "renders.cancel",
        "renders.create",
        "renders.createFromStoryboard",
        "renders.download",
        "renders.get",
        "renders.list",
        "renders.quote",
        "storyboards.cancel",
        "storyboards.create",
        "storyboards.get",
        "storyboards.improveHint",
        "storyboards.list",
        "storyboards.suggest",
        "templates.create",
        "templates.delete",
        "templates.get",
        "templates.list",
        "templates.update",
        "usage.get",
        "voices.preview",
        "wallet.get",
        "wallet.listLedger",
        "webhooks.create",
        "webhooks.delete",
        "webhooks.get",
        "webhooks.list",
        "webhooks.listDeliveries",
        "webhooks.test",
        "webhooks.update",
      ].sort(),
    );
    expect(pending).toEqual([]);
  });
});
