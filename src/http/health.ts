import type { FastifyInstance } from "fastify";

/** One dependency readiness depends on: its name in the answer, and whether it answers now. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

/** A dependency that has not answered in this long counts as failing: a load balancer probes often. */
const CHECK_TIMEOUT_MS = 2000;

async function answers(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators, without credentials and with nothing secret in the answer:
 * `GET /healthz` says the process is up; `GET /readyz` that it should be sent traffic: the database,
 * Redis (when configured) and the file store answer, and the process is not draining.
 */
export function mountHealth(app: FastifyInstance, checks: ReadinessCheck[], draining: () => boolean): void {
  app.get("/healthz", async (_req, reply) => reply.send({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, (await answers(c)) ? "ok" : "failing"]));
    const ready = !draining() && results.every(([, state]) => state === "ok");
    return reply.code(ready ? 200 : 503).send({
      status: ready ? "ready" : draining() ? "draining" : "not_ready",
      checks: Object.fromEntries(results),
    });
  });
}
