import { describe, expect, it } from "vitest";
import { buildOpenApi } from "../../src/http/openapi.js";
import { MOUNTED } from "../../src/mounted-operations.js";
import { locationOf } from "../../src/operations/location.js";
import { allowedCredentials, needsPaidAccount, rowRefusals } from "../../src/operations/refusals.js";
import { OPERATIONS, type OperationId, toolName } from "../../src/operations/registry.js";
import { OpenApiChecker } from "../../src/testutil/openapi-check.js";

const row = (id: OperationId) => OPERATIONS.find((r) => r.id === id) as (typeof OPERATIONS)[number];

describe("refusals derived from the registry row", () => {
  it("lists paid_account_required wherever the pipeline can refuse with it, dashboard-only rows included", () => {
    for (const id of ["keys.create", "keys.rotate"] as const) {
      expect(needsPaidAccount(row(id), "session")).toBe(true);
      expect(rowRefusals(row(id), {})).toContain("paid_account_required");
    }
    // A session on keys.list needs no plan, and an API key cannot call it: nothing to list.
    expect(allowedCredentials(row("keys.list"))).toEqual(["session"]);
    expect(rowRefusals(row("keys.list"), {})).not.toContain("paid_account_required");
    expect(rowRefusals(row("renders.get"), {})).toContain("paid_account_required");
  });

  it("publishes, for every mounted operation, exactly the codes the row and the operation give", () => {
    const doc = buildOpenApi(MOUNTED, [], "http://localhost") as any;
    for (const { row: r, impl } of MOUNTED) {
      const responses = doc.paths[r.path][r.method.toLowerCase()].responses as Record<string, any>;
      const published = Object.values(responses).flatMap(
        (res) => res.content?.["application/json"]?.["x-error-codes"] ?? [],
      );
      expect(new Set(published), r.id).toEqual(new Set(rowRefusals(r, impl)));
    }
  });

  it("builds Location from the registry path of the operation that reads the resource", () => {
    expect(locationOf("renders.get", { id: "0190-abc" })).toBe("/api/v1/renders/0190-abc");
    expect(locationOf("keys.get", { id: "k/1" })).toBe("/api/v1/keys/k%2F1");
    expect(() => locationOf("keys.get", {})).toThrow(/no value for \{id\}/);
  });

  it("types operation ids as the registry's union", () => {
    expect(toolName("renders.createFromStoryboard")).toBe("renders_createFromStoryboard");
    // @ts-expect-error: not an operation of the registry
    expect(toolName("renders.creat")).toBe("renders_creat");
  });
});

describe("the OpenAPI conformance check", () => {
  const doc = {
    paths: {
      "/things/{id}": {
        get: {
          responses: {
            "404": {
              content: {
                "application/json": { schema: { type: "object" }, "x-error-codes": ["not_found"] },
              },
            },
          },
        },
      },
    },
    components: { schemas: {} },
  };

  it("refuses an error code the document does not list for the operation and status", () => {
    const checker = new OpenApiChecker(doc);
    expect(checker.check("GET", "/things/1", 404, { error: { code: "not_found" } })).toEqual([]);
    expect(checker.check("GET", "/things/1", 404, { error: { code: "template_not_found" } })).toEqual([
      expect.stringMatching(/error code template_not_found is not listed/),
    ]);
  });
});
