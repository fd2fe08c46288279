import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { type Answer, answer, created, ok, operationDefiner } from "../../src/operations/define.js";
import type { OperationId } from "../../src/operations/registry.js";

// The checks here are the compiler's: `npm run typecheck` fails if a @ts-expect-error line compiles.
const defineOperation = operationDefiner<{ name: string }>();
const Thing = Type.Object({ id: Type.String(), count: Type.Integer() }, { additionalProperties: false });
const Other = Type.Object({ accepted: Type.Literal(true) }, { additionalProperties: false });
const op = { id: "test.answers" as OperationId, summary: "Test", description: "Test only." };

describe("answers typed from responses", () => {
  it("ok and created carry the status, body and location unchanged", () => {
    const body = { id: "a", count: 1 };
    expect(ok(body)).toEqual({ status: 200, body });
    expect(created(body, "/api/v1/things/a")).toEqual({ status: 201, body, location: "/api/v1/things/a" });
    expect(answer(202, body, "/api/v1/things/a")).toEqual({ status: 202, body, location: "/api/v1/things/a" });
  });

  it("a body of the declared schema compiles; another shape, an extra field or an undeclared status does not", () => {
    defineOperation({
      ...op,
      responses: { 200: Thing },
      async handler({ deps }) {
        return ok({ id: deps.name, count: 1 });
      },
    });
    defineOperation({
      ...op,
      responses: { 200: Thing },
      async handler() {
        // @ts-expect-error count is an integer
        return ok({ id: "a", count: "1" });
      },
    });
    defineOperation({
      ...op,
      responses: { 200: Thing },
      async handler() {
        // @ts-expect-error the schema has no `secret`
        return ok({ id: "a", count: 1, secret: "s" });
      },
    });
    defineOperation({
      ...op,
      responses: { 201: Thing },
      async handler() {
        // @ts-expect-error 200 is not declared
        return ok({ id: "a", count: 1 });
      },
    });
  });

  it("each status is checked against its own schema", () => {
    defineOperation({
      ...op,
      query: Type.Object({ now: Type.Optional(Type.Boolean()) }),
      responses: { 201: Thing, 202: Other },
      async handler({ query }) {
        if (query.now) return created({ id: "a", count: 1 }, "/a");
        return answer(202, { accepted: true });
      },
    });
    defineOperation({
      ...op,
      responses: { 201: Thing, 202: Other },
      async handler() {
        // @ts-expect-error 202's schema is Other
        return answer(202, { id: "a", count: 1 });
      },
    });
    const thingAnswer = (fresh: boolean): Answer<201 | 202, { id: string; count: number }> => ({
      status: fresh ? 201 : 202,
      body: { id: "a", count: 1 },
    });
    defineOperation({
      ...op,
      responses: { 201: Thing, 202: Thing },
      async handler() {
        return thingAnswer(true);
      },
    });
    defineOperation({
      ...op,
      responses: { 201: Thing },
      // @ts-expect-error the helper may answer 202, which is not declared
      async handler() {
        return thingAnswer(true);
      },
    });
  });
});
