import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { closeGracefully } from "../../src/http/drain.js";
import { gate } from "../support/test-jobs.js";
import { waitFor, within } from "../support/wait.js";

// A stopping API process (decision 0043), listening on a real port: a request it holds when told to stop
// is answered in full, with Connection: close; new connections are refused; past the grace period the
// connections still open are closed. (The fleet test stops whole processes with SIGTERM.)
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The service on a port of its own, plus one route that holds its answer until the test lets it go. */
async function listening() {
  const dir = mkdtempSync(join(tmpdir(), "cw-drain-"));
  dirs.push(dir);
  const { app, lifecycle } = await buildApp({
    config: loadConfig({ CLIPWRIGHT_ENV: "test", CLIPWRIGHT_DATA_DIR: dir }),
  });
  const held = gate(`api-drain-${dirs.length}`);
  app.get("/held", async () => {
    held.arrive();
    await held.wait;
    return { answered: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, lifecycle, port, arrived: held.arrived, release: held.open };
}

/** A GET over `agent`; resolves with the status, the Connection header and the body, or the socket error. */
function get(port: number, path: string, agent: Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string } | { error: string }>(
    (resolve) => {
      const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        res.on("error", (err) => resolve({ error: err.message }));
      });
      req.on("error", (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
      req.end();
    },
  );
}

describe("a stopping API process", () => {
  it("answers the request it holds, with Connection: close, and refuses new connections", async () => {
    const { app, lifecycle, port, arrived, release } = await listening();
    const agent = new Agent({ keepAlive: true });
    expect(await get(port, "/healthz", agent)).toMatchObject({ status: 200, connection: "keep-alive" });
    const held = get(port, "/held", agent);
    await within(arrived, { what: "the held request to reach its handler" });

    const closing = closeGracefully(app, lifecycle, 30_000);
    expect(lifecycle.draining).toBe(true); // GET /readyz answers 503 draining from here on
    await waitFor(async () => "error" in (await get(port, "/healthz", new Agent())), {
      what: "new connections to be refused",
    });
    release();
    expect(await held).toEqual({ status: 200, connection: "close", body: '{"answered":true}' });
    await closing;
    agent.destroy();
  });

  it("closes a request still held when the grace period ends", async () => {
    const { app, lifecycle, port, arrived } = await listening();
    const held = get(port, "/held", new Agent());
    await within(arrived, { what: "the held request to reach its handler" });
    await closeGracefully(app, lifecycle, 0);
    expect(await held).toHaveProperty("error");
  });
});
