import { createServer as createTcpServer, type Server } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type BrowserSession, type CaptureSpec } from "../../src/media/browser/index.js";
import { type EgressProxy, startEgressProxy } from "../../src/net/egress/proxy.js";
import { sitePolicy } from "../../src/net/guard.js";
import type { Resolver } from "../../src/net/resolver.js";
import { type Recorder, startRecorder } from "../support/recorder-server.js";
import { staticResolver } from "../support/static-resolver.js";

// Real Chromium behind the per-session egress proxy. The fixture site is on 127.0.0.1 (named by the test
// allow-list); the second server is on 127.0.0.2, a loopback address nobody allowed. Whatever the page
// does — redirected frames, images, fetch, XHR, workers, WebSockets, top-level navigations, WebRTC —
// the second server must see no connection at all.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");

const DESKTOP: CaptureSpec = { width: 1024, height: 700, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const POLICY = sitePolicy({ env: "test", allowPrivateHosts: ["127.0.0.1"] });
const PUBLIC = "93.184.216.34"; // passes the guard; unreachable from the test machine

let pool: BrowserPool;
let site: Recorder;
let forbidden: Recorder;

const html = (body: string) => `<!doctype html><meta charset="utf-8"><title>fixture</title><body>${body}</body>`;

/** The page that tries every way out towards the forbidden host, through redirects and directly. */
const attackPage = () =>
  html(`
<iframe src="/r/frame" width="300" height="200"></iframe>
<img src="/r/img.png" alt="">
<script>
  const done = (name, value) => { document.body.dataset[name] = value; };
  fetch("/r/fetch").then((r) => r.text()).then((t) => fetch("/exfil", { method: "POST", body: t }))
    .then(() => done("fetch", "answered"), () => done("fetch", "failed"));
  const xhr = new XMLHttpRequest();
  xhr.open("GET", "/r/xhr");
  xhr.onloadend = () => done("xhr", String(xhr.status));
  xhr.send();
  new Worker("/worker.js");
  const ws = new WebSocket("ws://${forbidden.host}:${forbidden.port}/ws");
  ws.onopen = () => done("ws", "open");
  ws.onerror = () => done("ws", "error");
</script>`);

beforeAll(async () => {
  forbidden = await startRecorder("127.0.0.2");
  site = await startRecorder("127.0.0.1", (req, res) => {
    const path = req.url ?? "/";
    if (path.startsWith("/r/")) {
      // The open redirect: an allowed page sends the browser on to the forbidden host.
      res.writeHead(302, { location: `${forbidden.url}/${path.slice(3)}`, "content-length": 0 });
      res.end();
      return;
    }
    if (path === "/worker.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(`fetch("/r/worker").catch(() => {}); fetch("${forbidden.url}/worker-direct").catch(() => {});`);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(path === "/attack" ? attackPage() : html(`<h1>allowed ${path}</h1>`));
  });
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 10_000 });
});
afterAll(async () => {
  await pool.close();
  await site.close();
  await forbidden.close();
});

browserOnly("egress proxy with Chromium", () => {
  let session: BrowserSession | undefined;
  let proxy: EgressProxy | undefined;
  afterEach(async () => {
    await session?.close();
    await proxy?.close();
    session = undefined;
    proxy = undefined;
    expect(forbidden.connections).toBe(0);
    expect(forbidden.requests).toEqual([]);
  });

  async function open(
    resolver: Resolver = staticResolver({}),
  ): Promise<{ session: BrowserSession; proxy: EgressProxy }> {
    proxy = await startEgressProxy({ policy: POLICY, resolver, connectTimeoutMs: 500 });
    session = await pool.newSession(DESKTOP, { proxyServer: proxy.url });
    return { session, proxy };
  }

  it("loopback goes through the proxy: an allowed page loads and is counted there", async () => {
    const { session, proxy } = await open();
    const res = await session.page.goto(`${site.url}/hello`);
    expect(res?.status()).toBe(200);
    expect(await session.page.textContent("h1")).toBe("allowed /hello");
    expect(proxy.admitted).toBeGreaterThan(0);
  });

  it("redirected frames, images, fetch, XHR, workers and a WebSocket never reach a host the guard refuses", async () => {
    const { session, proxy } = await open();
    await session.page.goto(`${site.url}/attack`);
    const page = session.page;
    await expect
      .poll(() => page.evaluate("({ ...document.body.dataset })"))
      .toMatchObject({
        fetch: expect.any(String),
        xhr: expect.any(String),
        ws: "error",
      });
    // frame, image, fetch, xhr, WebSocket, the worker's redirected and direct fetches: one refusal each.
    await expect.poll(() => proxy.refused.blocked ?? 0).toBeGreaterThanOrEqual(7);
    // Nothing came back to be exfiltrated: the refused hop has no body.
    const exfil = site.requests.filter((r) => r.url === "/exfil");
    for (const r of exfil) expect(r.body).toBe("");
    // The beat screenshot would show Chromium's error page in the frame, never the forbidden host's page.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.evaluate("document.body ? document.body.innerText : ''").catch(() => "")).not.toContain(
      "recorder",
    );
  });

  it("a top-level navigation redirected to a refused host does not open", async () => {
    const { session, proxy } = await open();
    const outcome = await session.page.goto(`${site.url}/r/top`).then(
      (r) => r?.status() ?? 0,
      () => "failed" as const,
    );
    expect(outcome === "failed" || outcome === 403).toBe(true);
    expect(proxy.refused.blocked).toBeGreaterThanOrEqual(1);
  });

  it("DNS rebinding: Chromium resolves nothing; the proxy connects only to the answer it checked", async () => {
    let asked = 0;
    const resolver: Resolver = {
      async resolve(host) {
        if (host !== "rebind.example") throw Object.assign(new Error("no such host"), { code: "ENOTFOUND" });
        asked += 1;
        return asked === 1 ? [PUBLIC] : [forbidden.host]; // public for the check, private a moment later
      },
    };
    const { session, proxy } = await open(resolver);
    await session.page.goto(`${site.url}/hello`);
    const results = await session.page.evaluate(async (port) => {
      const attempt = (u: string) =>
        fetch(u, { mode: "no-cors" }).then(
          (r) => `status ${r.status}`,
          () => "failed",
        );
      return [await attempt(`http://rebind.example:${port}/one`), await attempt(`http://rebind.example:${port}/two`)];
    }, forbidden.port);
    expect(results).toHaveLength(2);
    expect(asked).toBeGreaterThanOrEqual(2); // once per connection, by the proxy
    expect(proxy.refused.blocked).toBeGreaterThanOrEqual(1);
  });
});

browserOnly("WebRTC", () => {
  let turn: Server;
  let turnConnections = 0;
  let turnPort = 0;
  beforeAll(async () => {
    // A TURN-over-TCP listener on the *allowed* address: only WebRTC being gone keeps it quiet.
    turn = createTcpServer((socket) => {
      turnConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => turn.listen(0, "127.0.0.1", resolve));
    turnPort = (turn.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => turn.close(resolve));
  });

  it("a page cannot open a peer connection (TURN over TCP to a loopback listener sees nothing)", async () => {
    const proxy = await startEgressProxy({ policy: POLICY, resolver: staticResolver({}) });
    const session = await pool.newSession(DESKTOP, { proxyServer: proxy.url });
    try {
      await session.page.goto(`${site.url}/hello`);
      // In the page: the constructor, then two attempts (this window, and a fresh frame's window, a second
      // chance to find it), each a TURN-over-TCP allocation towards the listener.
      const outcome = await session.page.evaluate(`(async () => {
        const attempt = async (win) => {
          try {
            const pc = new win.RTCPeerConnection({
              iceServers: [{ urls: "turn:127.0.0.1:${turnPort}?transport=tcp", username: "u", credential: "p" }],
              iceTransportPolicy: "relay",
            });
            pc.createDataChannel("x");
            await pc.setLocalDescription(await pc.createOffer());
            await new Promise((resolve) => {
              pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && resolve();
            });
            return "gathered";
          } catch (err) {
            return "refused: " + err.name;
          }
        };
        const frame = document.createElement("iframe");
        document.body.append(frame);
        return [typeof RTCPeerConnection, await attempt(window), await attempt(frame.contentWindow)];
      })()`);
      expect(outcome).toEqual(["undefined", "refused: TypeError", "refused: TypeError"]);
      expect(turnConnections).toBe(0);
    } finally {
      await session.close();
      await proxy.close();
    }
  });
});
