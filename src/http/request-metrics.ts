import type { FastifyInstance } from "fastify";
import type { ServiceMetrics } from "../metrics/service-metrics.js";

/**
 * Every answer counted and timed by operation (the operationId of the route that answered; the route
 * pattern for the service's other paths; "unmatched" when no route did, so paths never become labels),
 * and each 429 by the rate class that refused it.
 */
export function installRequestMetrics(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  operationIds: ReadonlyMap<string, string>,
): void {
  app.addHook("onResponse", (req, reply, done) => {
    const route = req.routeOptions.url;
    const operation = route ? (operationIds.get(`${req.method} ${route}`) ?? route) : "unmatched";
    const status = reply.statusCode;
    metrics.requests.observe({ operation, method: req.method, status: String(status) }, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimited.inc({ class: req.cw?.rateClass ?? "unauthenticated" });
    done();
  });
}
