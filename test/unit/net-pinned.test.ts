import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createSecureContext, createServer as createTlsServer } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PinnedAgentPool } from "../../src/net/pinned-request.js";

// `.invalid` never resolves (RFC 6761): reaching the server proves the connection went to the pinned address.
const FAKE_HOST = "hooks.test.invalid";

interface Seen {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingMessage["headers"];
  body: string;
}

const seen: Seen[] = [];
let redirectTargetHits = 0;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    seen.push({ method: req.method, path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
    if (req.url === "/ok") res.writeHead(204).end();
    else if (req.url === "/redirect") res.writeHead(302, { location: "/target" }).end();
    else if (req.url === "/target") {
      redirectTargetHits++;
      res.writeHead(200).end();
    } else if (req.url === "/big") res.writeHead(200).end(Buffer.alloc(1024 * 1024, 120));
    else if (req.url === "/slow-body") res.writeHead(200).write("partial"); // never ends
    // "/hang": never answers
  });
}

let server: Server;
let port: number;
const at = (path: string) => ({ url: new URL(`http://${FAKE_HOST}:${port}${path}`), addresses: ["127.0.0.1"] });

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

// The pool of this file's requests, as an app holds one: closed once the tests are done.
const pool = new PinnedAgentPool();

afterAll(async () => {
  await pool.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("PinnedAgentPool.post", () => {
  it("connects to the pinned address, never to DNS, and delivers headers and body as sent", async () => {
    const body = JSON.stringify({ id: "evt_1", type: "webhook.test" });
    const headers = {
      "content-type": "application/json",
      "user-agent": "Service-Webhooks/1.0",
      "service-event-id": "evt_1",
    };
    const result = await pool.post(at("/ok"), body, headers, { timeoutMs: 2_000 });
    expect(result).toMatchObject({ status: 204 });
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: "POST", path: "/ok", body });
    expect(last?.headers).toMatchObject({ ...headers, host: `${FAKE_HOST}:${port}` });
  });

  it("accepts a Buffer body", async () => {
    const result = await pool.post(at("/ok"), Buffer.from("raw bytes"), {}, { timeoutMs: 2_000 });
    expect(result).toMatchObject({ status: 204 });
    expect(seen.at(-1)?.body).toBe("raw bytes");
  });

  it("returns a 3xx as a status and never follows it", async () => {
    const result = await pool.post(at("/redirect"), "{}", {}, { timeoutMs: 2_000 });
    // A client that followed would have answered the target's 200, after the server counted it.
    expect(result).toMatchObject({ status: 302 });
    expect(redirectTargetHits).toBe(0);
  });

  it("drains a large response and keeps none of it", async () => {
    const result = await pool.post(at("/big"), "{}", {}, { timeoutMs: 2_000 });
    expect(Object.keys(result).sort()).toEqual(["ms", "status"]);
    expect(result).toMatchObject({ status: 200 });
  });

  it("cuts a receiver that never answers at timeoutMs", async () => {
    // The server never answers: only the budget can end this call, and it says so by its error.
    const result = await pool.post(at("/hang"), "{}", {}, { timeoutMs: 300 });
    expect(result).toEqual({ error: "timeout", ms: expect.any(Number) });
  });

  it("counts the response body inside the time budget", async () => {
    const result = await pool.post(at("/slow-body"), "{}", {}, { timeoutMs: 300 });
    expect(result).toMatchObject({ error: "timeout" });
  });

  it("reports a refused connection by code, without the query string", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const target = { url: new URL(`http://${FAKE_HOST}:${closedPort}/h?token=s3cr3t`), addresses: ["127.0.0.1"] };
    const result = await pool.post(target, "{}", {}, { timeoutMs: 2_000 });
    expect(result).toMatchObject({ error: "ECONNREFUSED" });
  });

  it("refuses a target without a usable address", async () => {
    const result = await pool.post({ url: new URL("http://x.example/"), addresses: [] }, "{}", {}, { timeoutMs: 100 });
    expect(result).toMatchObject({ error: "no_address" });
  });
});

describe("a closed PinnedAgentPool", () => {
  it("sends nothing more: a request after close is a failure, not a new connection", async () => {
    const closing = new PinnedAgentPool();
    expect(await closing.post(at("/ok"), "{}", {}, { timeoutMs: 2_000 })).toMatchObject({ status: 204 });
    const before = seen.length;
    await closing.close();
    expect(await closing.post(at("/ok"), "{}", {}, { timeoutMs: 2_000 })).toMatchObject({ error: "POOL_CLOSED" });
    expect(seen.length).toBe(before);
  });
});

// A self-signed certificate for hooks.test.invalid (test only, never trusted): the client must refuse it,
// and the server must have seen the real host name in SNI although the socket went to 127.0.0.1.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgceBQXpkiR5GpsFgu
RfQzBz9dMTzGT8HbX21v+Alt/gyhRANCAAQtSklNUfo4mZNsr27868XFO3uYsjlQ
9RxWF5C4TDm+HVlfIB+UlyFteh80ooqQXVNKAte/0mVM3caUmKmWGO/5
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBsDCCAVagAwIBAgIUTJQQEmByRegP0OFFllGNL6T0JRgwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSaG9va3MudGVzdC5pbnZhbGlkMCAXDTI2MTEyMTIxMzIwNVoY
DzIxMjYxMDI4MjEzMjA1WjAdMRswGQYDVQQDDBJob29rcy50ZXN0LmludmFsaWQw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQtSklNUfo4mZNsr27868XFO3uYsjlQ
9RxWF5C4TDm+HVlfIB+UlyFteh80ooqQXVNKAte/0mVM3caUmKmWGO/5o3IwcDAd
BgNVHQ4EFgQUNw5qYYCXdUv7B5GJLPfpmU1p5ykwHwYDVR0jBBgwFoAUNw5qYYCX
dUv7B5GJLPfpmU1p5ykwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHREEFjAUghJob29r
cy50ZXN0LmludmFsaWQwCgYIKoZIzj0EAwIDSAAwRQIgNotQQiI8mHbbl3UF6iJU
0Lz0i8ktSdRmm9oKJjm2u8wCIQCmjwUJci2S+pGFYUikraOW/N7aUpTs203HO++8
JHMUkw==
-----END CERTIFICATE-----`;

describe("PinnedAgentPool.post over TLS", () => {
  it("sends the real host name in SNI and still verifies the certificate", async () => {
    const names: string[] = [];
    const context = createSecureContext({ key: KEY, cert: CERT });
    const tls = createTlsServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(null, context);
      },
    });
    tls.on("tlsClientError", () => {}); // the client hangs up on the untrusted certificate
    await new Promise<void>((r) => tls.listen(0, "127.0.0.1", r));
    const tlsPort = (tls.address() as AddressInfo).port;
    try {
      const target = { url: new URL(`https://${FAKE_HOST}:${tlsPort}/h`), addresses: ["127.0.0.1"] };
      const result = await pool.post(target, "{}", {}, { timeoutMs: 2_000 });
      expect("error" in result ? result.error : "").toMatch(/^tls:[A-Z_]+$/);
      expect(names).toEqual([FAKE_HOST]);
    } finally {
      await new Promise((r) => tls.close(r));
    }
  });
});
