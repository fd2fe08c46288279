import type { TObject, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { MOUNTED } from "../../src/mounted-operations.js";
import { withoutOneTimeSecrets } from "../../src/operations/one-time-secrets.js";

const successProperties = (schema: TSchema): Record<string, TSchema> => (schema as TObject).properties ?? {};

describe("one-time secrets are declared on the operation", () => {
  it("every answer field named like a secret is declared, and the three spec ones are", () => {
    const declared = new Map(MOUNTED.map(({ impl }) => [impl.id, impl.oneTimeSecrets ?? []]));
    for (const { impl } of MOUNTED) {
      for (const schema of Object.values(impl.responses)) {
        for (const name of Object.keys(successProperties(schema))) {
          if (/secret/i.test(name)) expect(declared.get(impl.id), `${impl.id} ${name}`).toContain(name);
        }
      }
    }
    for (const id of ["keys.create", "keys.rotate", "webhooks.create"] as const)
      expect(declared.get(id)).toEqual(["secret"]);
  });

  it("every declared field is in the success answer and accepts null (what a replay shows)", () => {
    for (const { impl } of MOUNTED) {
      for (const field of impl.oneTimeSecrets ?? []) {
        for (const schema of Object.values(impl.responses)) {
          const property = successProperties(schema)[field];
          expect(property, `${impl.id} ${field}`).toBeDefined();
          expect(Value.Check(property as TSchema, null), `${impl.id} ${field}`).toBe(true);
        }
      }
    }
  });
});

describe("withoutOneTimeSecrets", () => {
  it("sets the named top-level fields to null and leaves the rest (and the original) alone", () => {
    const body = { secret: "svc_live_x", key: { id: "k", secret: "nested stays" } };
    expect(withoutOneTimeSecrets(body, ["secret"])).toEqual({ secret: null, key: body.key });
    expect(body.secret).toBe("svc_live_x");
    expect(withoutOneTimeSecrets({ other: 1 }, ["secret"])).toEqual({ other: 1 });
    expect(withoutOneTimeSecrets(null, ["secret"])).toBeNull();
  });
});
