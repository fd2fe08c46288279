import { Type } from "@sinclair/typebox";
import type { MountedOperation } from "../../src/operations/define.js";
import type { OperationId, OperationRow } from "../../src/operations/registry.js";

const row = (id: string, path: string, over: Partial<OperationRow> = {}): OperationRow => ({
  id: id as OperationId, // test rows stand outside the registry's union
  method: "POST",
  path,
  scopes: ["account:read"],
  rateClass: "write",
  async: false,
  idempotent: true,
  dashboardOnly: false,
  verifiedEmail: false,
  paidRequired: false,
  ...over,
});

/**
 * A gate the blocking operation waits on, so a test can hold a request in flight. `entered` resolves
 * when a request reaches the handler after `closeGate()`: the test awaits it instead of polling `calls`.
 */
export const gate = {
  open: () => {},
  wait: Promise.resolve(),
  calls: 0,
  entered: Promise.resolve(),
  enter: () => {},
};
export function closeGate(): void {
  gate.wait = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  gate.entered = new Promise<void>((resolve) => {
    gate.enter = resolve;
  });
}

/** Test-only operations that exercise conventions no real operation can trigger on demand. */
export const TEST_OPERATIONS: MountedOperation[] = [
  {
    row: row("test.explode", "/_test/explode"),
    impl: {
      id: "test.explode" as OperationId,
      summary: "Throws an unexpected error",
      description: "Test only.",
      body: Type.Object({ secret: Type.Optional(Type.String()) }, { additionalProperties: false }),
      responses: { 200: Type.Object({}) },
      async handler() {
        gate.calls += 1;
        throw new Error("database password is hunter2 at /srv/internal/path.ts:42");
      },
    },
  },
  {
    row: row("test.block", "/_test/block"),
    impl: {
      id: "test.block" as OperationId,
      summary: "Waits on the gate, then echoes",
      description: "Test only.",
      body: Type.Object({ n: Type.Optional(Type.Integer()) }, { additionalProperties: false }),
      responses: { 201: Type.Object({ n: Type.Integer(), calls: Type.Integer() }) },
      async handler({ body }) {
        gate.calls += 1;
        const calls = gate.calls;
        gate.enter();
        await gate.wait;
        return { status: 201, body: { n: (body as { n?: number }).n ?? 0, calls }, location: `/api/v1/_test/${calls}` };
      },
    },
  },
  {
    row: row("test.verified", "/_test/verified", { verifiedEmail: true, idempotent: false }),
    impl: {
      id: "test.verified" as OperationId,
      summary: "Needs a verified email",
      description: "Test only.",
      responses: { 200: Type.Object({ ok: Type.Boolean() }) },
      async handler() {
        return { status: 200, body: { ok: true } };
      },
    },
  },
];
