import { createServer, type Server } from "node:http";
import type { ServiceMetrics } from "./service-metrics.js";

/**
 * `GET /metrics` in Prometheus's text format, on a port of its own (CLIPWRIGHT_METRICS_PORT), so it is
 * never reachable where the API is published. Nothing else is served there.
 */
export async function startMetricsServer(metrics: ServiceMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Only GET /metrics is served here.\n");
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => res.writeHead(200, { "content-type": contentType }).end(body),
      () => res.writeHead(503, { "content-type": "text/plain; charset=utf-8" }).end("metrics unavailable\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
