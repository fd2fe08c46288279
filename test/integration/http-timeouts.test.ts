import { type AddressInfo, connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { Harness } from "../../src/testutil/harness.js";
import { refusalHeaderNames } from "../support/refusal-headers.js";

// A listening server with tiny timeouts: clients that hold a connection open by sending slowly, or
// not at all, are cut off, and what Node's HTTP parser refuses is answered with the spec's error
// body. Each test waits on the socket's 'close' event; none asserts how long anything took.

let h: Harness;
let port: number;
let user: Awaited<ReturnType<Harness["user"]>>;
/** What every refusal carries; one written on the socket by hand must carry the same. */
let headerNames: string[];

beforeAll(async () => {
  h = await Harness.start({
    workers: false,
    config: { httpTimeouts: { requestMs: 400, headersMs: 250, keepAliveMs: 250, idleMs: 10_000 } },
  });
  user = await h.user();
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  port = (h.app.server.address() as AddressInfo).port;
  headerNames = await refusalHeaderNames(h.app);
});
afterAll(() => h.close());

interface Conversation {
  socket: Socket;
  /** Resolves with every byte the server wrote, once it has closed the connection. */
  closed: Promise<string>;
}

function open(): Conversation {
  const socket = connect({ port, host: "127.0.0.1" });
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  socket.on("error", () => undefined); // a reset after the server's close is expected
  const closed = new Promise<string>((resolve) => {
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
  return { socket, closed };
}

/** Writes one byte at a time on an interval (the client's pace) until the server closes. */
function trickle(socket: Socket, byte: string): void {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(byte);
  }, 40);
  socket.on("close", () => clearInterval(timer));
}

/** The last HTTP response in what the server wrote: status, headers (lower-cased) and JSON body. */
function lastResponse(text: string) {
  const start = text.lastIndexOf("HTTP/1.1 ");
  const [head = "", body = ""] = text.slice(start).split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) };
}

function expectSpecRefusal(text: string, issueCode: string) {
  const res = lastResponse(text);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({
    code: "validation_failed",
    details: { issues: [expect.objectContaining({ code: issueCode })] },
  });
  expect(res.body.error.requestId).toBe(res.headers["x-request-id"]);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  expect(res.headers.connection).toBe("close");
  for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) {
    expect(Number(res.headers[name]), name).toBeGreaterThanOrEqual(0);
  }
  for (const name of headerNames) expect(res.headers[name], name).toBeDefined();
  return res;
}

describe("slow clients", () => {
  it("a body that trickles in and never finishes is cut off with the spec's 400 (was held forever)", async () => {
    const { socket, closed } = open();
    socket.write(
      [
        "POST /api/v1/webhooks HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Bearer ${user.key}`,
        "Idempotency-Key: trickle-1",
        "Content-Type: application/json",
        "Content-Length: 100000",
        "",
        "{",
      ].join("\r\n"),
    );
    trickle(socket, " ");
    expectSpecRefusal(await closed, "timeout");
  });

  it("headers that trickle in and never end are cut off the same way", async () => {
    const { socket, closed } = open();
    socket.write(`GET /api/v1/account HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    trickle(socket, "a");
    expectSpecRefusal(await closed, "timeout");
  });

  it("an idle keep-alive connection is closed after its answer", async () => {
    const { socket, closed } = open();
    socket.write(`GET /api/v1/account HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.key}\r\n\r\n`);
    const text = await closed;
    expect(lastResponse(text).status).toBe(200);
  });
});

describe("what Node's HTTP parser refuses", () => {
  it("bytes that are not HTTP are the spec's 400, without echoing them", async () => {
    const { socket, closed } = open();
    socket.write("NOT-HTTP secret-garbage\r\n\r\n");
    const text = await closed;
    expectSpecRefusal(text, "malformed_request");
    expect(text).not.toContain("secret-garbage");
  });

  it("headers over Node's size limit are the spec's 400", async () => {
    const { socket, closed } = open();
    socket.write(`GET /api/v1/account HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`);
    expectSpecRefusal(await closed, "too_large");
  });
});

describe("settings", () => {
  it("are read from the environment, and headers may not wait longer than the whole request", () => {
    const config = loadConfig({ CLIPWRIGHT_REQUEST_TIMEOUT_MS: "5000", CLIPWRIGHT_HEADERS_TIMEOUT_MS: "2000" });
    expect(config.httpTimeouts).toMatchObject({ requestMs: 5000, headersMs: 2000 });
    expect(loadConfig({}).httpTimeouts).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      keepAliveMs: 72_000,
      idleMs: 60_000,
    });
    expect(() => loadConfig({ CLIPWRIGHT_REQUEST_TIMEOUT_MS: "1000", CLIPWRIGHT_HEADERS_TIMEOUT_MS: "2000" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ CLIPWRIGHT_IDLE_TIMEOUT_MS: "0" })).toThrow(ConfigError);
  });
});
