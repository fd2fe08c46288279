import { type IncomingMessage, request } from "node:http";
import type { Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EgressProxy, startEgressProxy } from "../../src/net/egress/proxy.js";
import { sitePolicy } from "../../src/net/guard.js";
import type { Resolver } from "../../src/net/resolver.js";
import { type Recorder, startRecorder } from "../support/recorder-server.js";
import { staticResolver } from "../support/static-resolver.js";

// The allowed site lives on 127.0.0.1 (the test allow-list names it); the second host on 127.0.0.2 is a
// loopback address nobody allowed. Nothing may ever reach it through the proxy.
const POLICY = sitePolicy({ env: "test", allowPrivateHosts: ["127.0.0.1", "pinned.test"] });
const PUBLIC = "93.184.216.34"; // a public address: passes the guard, unreachable from the test machine

let allowed: Recorder;
let forbidden: Recorder;
let proxy: EgressProxy | undefined;

beforeAll(async () => {
  allowed = await startRecorder("127.0.0.1", (req, res) => {
    if (req.url === "/redirect") {
      res.writeHead(302, { location: `${forbidden.url}/stolen`, "content-length": 0 });
      res.end();
      return;
    }
    if (req.url === "/big") {
      // 300,000 bytes, declared: the proxy must cut it and end the answer cleanly (chunked).
      res.writeHead(200, { "content-type": "text/html", "content-length": 300_000 });
      res.end("x".repeat(300_000));
      return;
    }
    res.writeHead(200, { "content-type": "text/plain", "x-seen-host": req.headers.host ?? "" });
    res.end(`hello ${req.method} ${req.url}`);
  });
  forbidden = await startRecorder("127.0.0.2");
});
afterAll(async () => {
  await allowed.close();
  await forbidden.close();
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  expect(forbidden.connections).toBe(0);
});

async function start(
  resolver: Resolver = staticResolver({}),
  extra: { connectTimeoutMs?: number; maxResponseBytes?: number } = {},
) {
  proxy = await startEgressProxy({ policy: POLICY, resolver, ...extra });
  return proxy;
}

const proxyPort = () => Number(new URL((proxy as EgressProxy).url).port);

/** One request through the proxy in absolute form, as a browser sends plain http. */
function viaProxy(
  target: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: proxyPort(),
        method: opts.method ?? "GET",
        path: target,
        headers: { host: new URL(target).host, "proxy-connection": "keep-alive", ...opts.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** CONNECT host:port; resolves with the proxy's status and, on 200, the tunnel's socket. */
function connectVia(authority: string): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: proxyPort(), method: "CONNECT", path: authority, agent: false });
    req.on("connect", (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
    // Node reports a refused CONNECT (non-2xx) through 'connect' as well; a response event is a fallback.
    req.on("response", (res) => resolve({ status: res.statusCode ?? 0, socket: res.socket }));
    req.on("error", reject);
    req.end();
  });
}

/** A raw GET through an open tunnel; resolves with the whole answer. */
function getThrough(socket: Socket, host: string): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString()));
    socket.write(`GET /tunnelled HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

describe("egress proxy: plain http in absolute form", () => {
  it("forwards an allowed request to the checked address, without the proxy's hop headers", async () => {
    await start();
    const before = allowed.requests.length;
    const res = await viaProxy(`${allowed.url}/hello?x=1`);
    expect(res.status).toBe(200);
    expect(res.body).toBe("hello GET /hello?x=1");
    expect(res.headers["x-seen-host"]).toBe(new URL(allowed.url).host);
    const seen = allowed.requests[before];
    expect(seen?.headers["proxy-connection"]).toBeUndefined();
    expect(proxy?.refusedTotal).toBe(0);
  });

  it("passes a redirect back to the browser and never follows it itself", async () => {
    await start();
    const res = await viaProxy(`${allowed.url}/redirect`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${forbidden.url}/stolen`);
    // The browser's next hop comes back through the proxy and is refused there.
    expect((await viaProxy(`${forbidden.url}/stolen`)).status).toBe(403);
    expect(proxy?.refused).toEqual({ blocked: 1 });
  });

  it("refuses a host the guard refuses (403) and a request that is not in proxy form (400)", async () => {
    await start(staticResolver({ "intranet.example": ["10.0.0.7"] }));
    expect((await viaProxy(`${forbidden.url}/`)).status).toBe(403);
    expect((await viaProxy("http://intranet.example/")).status).toBe(403);
    expect((await viaProxy("http://nowhere.invalid/")).status).toBe(403);
    const plain = await new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: proxyPort(), path: "/", agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(plain).toBe(400);
    expect(proxy?.refused).toEqual({ blocked: 2, unresolvable: 1, request_form: 1 });
  });

  it("bounds the size of a request head", async () => {
    await start();
    const before = allowed.requests.length;
    const res = await viaProxy(`${allowed.url}/big`, { headers: { "x-filler": "a".repeat(40 * 1024) } }).catch(() => ({
      status: 0,
    }));
    expect(res.status).toBe(431);
    expect(allowed.requests.length).toBe(before);
  });
});

describe("egress proxy: CONNECT tunnels (https, WebSockets)", () => {
  it("tunnels to an allowed host:port and refuses a blocked one before connecting", async () => {
    await start();
    const ok = await connectVia(`127.0.0.1:${allowed.port}`);
    expect(ok.status).toBe(200);
    expect(await getThrough(ok.socket, `127.0.0.1:${allowed.port}`)).toContain("hello GET /tunnelled");
    const refused = await connectVia(`127.0.0.2:${forbidden.port}`);
    expect(refused.status).toBe(403);
    refused.socket.destroy();
    const odd = await connectVia("user@127.0.0.1:80");
    expect(odd.status).toBe(400);
    odd.socket.destroy();
    expect(proxy?.refused).toEqual({ blocked: 1, request_form: 1 });
  });

  it("close() ends open tunnels", async () => {
    await start();
    const { socket } = await connectVia(`127.0.0.1:${allowed.port}`);
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await proxy?.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});

describe("egress proxy: DNS rebinding", () => {
  /** Answers from `answers` in turn (the last one repeats) and counts the questions. */
  function flipping(host: string, answers: string[][]): Resolver & { asked: number } {
    const resolver = {
      asked: 0,
      async resolve(name: string) {
        if (name.toLowerCase() !== host) throw Object.assign(new Error("no such host"), { code: "ENOTFOUND" });
        const answer = answers[Math.min(resolver.asked, answers.length - 1)] as string[];
        resolver.asked += 1;
        return answer;
      },
    };
    return resolver;
  }

  it("a name that answers public to the check and private afterwards never reaches the private address", async () => {
    const resolver = flipping("rebind.example", [[PUBLIC], ["127.0.0.2"]]);
    await start(resolver, { connectTimeoutMs: 300 });
    // First connection: resolved once, checked, and the connect goes to that checked public address
    // (unreachable here: 502), not to a second answer.
    expect((await viaProxy(`http://rebind.example:${forbidden.port}/`)).status).toBe(502);
    expect(resolver.asked).toBe(1);
    // Later connections see the private answer and are refused.
    expect((await viaProxy(`http://rebind.example:${forbidden.port}/`)).status).toBe(403);
    const tunnel = await connectVia(`rebind.example:${forbidden.port}`);
    expect(tunnel.status).toBe(403);
    tunnel.socket.destroy();
    expect(resolver.asked).toBe(3);
    expect(proxy?.refused).toEqual({ blocked: 2 });
  });

  it("each connection goes to the address its own check saw", async () => {
    // An allow-listed name, so both answers pass: what is shown is that nothing resolves it twice.
    const resolver = flipping("pinned.test", [["127.0.0.1"], ["127.0.0.2"]]);
    await start(resolver);
    const before = allowed.requests.length;
    const res = await viaProxy(`http://pinned.test:${allowed.port}/first`);
    expect(res.status).toBe(200);
    expect(allowed.requests.length).toBe(before + 1);
    expect(resolver.asked).toBe(1);
  });
});

describe("egress proxy: held to a sign-in's approved origins", () => {
  it("refuses other hosts the guard allows, names their origin, and closes tunnels already open to them", async () => {
    // pinned.test resolves to 127.0.0.1 and passes the guard: only the restriction can refuse it.
    const resolver = staticResolver({ "pinned.test": ["127.0.0.1"] });
    await start(resolver);
    const open = await connectVia(`pinned.test:${allowed.port}`);
    expect(open.status).toBe(200);
    const closed = new Promise<void>((resolve) => open.socket.once("close", () => resolve()));

    const left: string[] = [];
    proxy?.restrictTo([allowed.url], (origin) => left.push(origin));
    await closed; // the tunnel opened before the sign-in to a host it does not approve

    expect((await viaProxy(`${allowed.url}/ok`)).status).toBe(200);
    expect((await viaProxy(`http://pinned.test:${allowed.port}/post`, { method: "POST" })).status).toBe(403);
    const tunnel = await connectVia(`pinned.test:${allowed.port}`);
    expect(tunnel.status).toBe(403);
    tunnel.socket.destroy();
    expect(left).toEqual([`http://pinned.test:${allowed.port}`, `https://pinned.test:${allowed.port}`]);
    expect(proxy?.refused).toEqual({ not_approved: 2 });

    // Lifted: the guard's rules alone again.
    proxy?.restrictTo(null);
    expect((await viaProxy(`http://pinned.test:${allowed.port}/again`)).status).toBe(200);
  });
});

describe("egress proxy: the byte cap on one answer", () => {
  it("cuts a plain-http answer at the cap and ends it cleanly, so the page keeps what arrived", async () => {
    await start(staticResolver({}), { maxResponseBytes: 100_000 });
    const res = await viaProxy(`${allowed.url}/big`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(100_000);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(proxy?.truncated).toBe(1);
    expect((await viaProxy(`${allowed.url}/small`)).body).toBe("hello GET /small");
    expect(proxy?.truncated).toBe(1);
  });

  it("closes an https tunnel once the cap has come down it", async () => {
    await start(staticResolver({ "pinned.test": ["127.0.0.1"] }), { maxResponseBytes: 100_000 });
    const tunnel = await connectVia(`pinned.test:${allowed.port}`);
    expect(tunnel.status).toBe(200);
    const answer = await new Promise<number>((resolve) => {
      let bytes = 0;
      tunnel.socket.on("data", (c: Buffer) => {
        bytes += c.length;
      });
      tunnel.socket.on("close", () => resolve(bytes));
      tunnel.socket.write(`GET /big HTTP/1.1\r\nHost: pinned.test\r\nConnection: close\r\n\r\n`);
    });
    expect(answer).toBe(100_000);
    expect(proxy?.truncated).toBe(1);
  });
});
