import type { FastifyInstance } from "fastify";

/**
 * While the process drains, every answer carries `Connection: close`, so a keep-alive client's next
 * request opens a connection to another process instead of one this process is about to close. Fastify
 * marks only the requests that arrive during its close; this also marks those already in flight.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, lifecycle: { draining: boolean }): void {
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (lifecycle.draining) reply.header("connection", "close");
    done(null, payload);
  });
}

/**
 * Stops an API process's HTTP side (decision 0043). Readiness answers 503 `draining` from here on; the
 * listener closes, so new connections go to another process; requests already held, and any that arrive
 * on a connection already open, are answered in full, each with `Connection: close`; past `graceMs` the
 * connections still open are closed. Resolves once the app and everything it closes on its way out
 * (onClose hooks) are closed.
 */
export async function closeGracefully(
  app: FastifyInstance,
  lifecycle: { draining: boolean },
  graceMs: number,
): Promise<void> {
  lifecycle.draining = true;
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
