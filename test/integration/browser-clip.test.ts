import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLIP_FRAMES } from "../../src/media/browser/clip.js";
import {
  BrowserPool,
  type BrowserSession,
  type CaptureSpec,
  ClipCamera,
  captureFrame,
  type RecordedClip,
  waitForSettled,
} from "../../src/media/browser/index.js";
import { captureScenes } from "../../src/pipelines/walkthrough/capture.js";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ADMIN_SESSION_COOKIE,
  type AdminSite,
  startAdminSite,
} from "../support/admin-site-server.js";
import { HTML, type LoopbackServer, listenOnLoopback, send } from "../support/fixture-http.js";
import { differingShare } from "../support/pixels.js";

// Real-motion clips (media/browser/clip.ts): the page's clock is held and stepped by 1/30 s per frame, so
// the admin fixture's canvas charts (grown in over one second with requestAnimationFrame) are recorded
// drawing in, the same on every run. Real Chromium, no database: sqlite project only.

const DESKTOP: CaptureSpec = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

// The clip's wall-time bound is a safety net; on a loaded test machine it would cut clips short.
const LOADED_MACHINE_MS = 120_000;
const SLOW_MS = 300_000;

const PAGES: Record<string, string> = {
  // A ticker that never stops, and a page whose script spins forever 100 ms after it opens.
  "/endless": `<!doctype html><title>Ticker</title><h1>Live</h1><canvas id="c" width="300" height="80"></canvas>
<script>const ctx = document.getElementById("c").getContext("2d"); let n = 0;
const frame = () => { ctx.clearRect(0, 0, 300, 80); ctx.fillText(String(n++), 10, 40); requestAnimationFrame(frame); };
requestAnimationFrame(frame);</script>`,
  "/spin": `<!doctype html><title>Spin</title><h1>Busy</h1><script>setTimeout(() => { for (;;) {} }, 100);</script>`,
  // A menu that slides open on hover (a CSS transition), and a static page.
  "/menu": `<!doctype html><title>Menu</title><style>
nav { padding: 20px } .menu { display: inline-block; padding: 10px 16px; background: #4e73df; color: #fff }
.list { height: 0; overflow: hidden; width: 200px; background: #eaecf4; transition: height 400ms ease-out }
nav:hover .list { height: 160px }</style>
<nav><span class="menu">Products</span><div class="list"><p>Trucks</p><p>Ships</p><p>Planes</p></div></nav>`,
  "/still": `<!doctype html><title>Still</title><h1>Nothing moves here</h1><canvas width="100" height="50"></canvas>`,
};

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("real-motion clips under a held clock", () => {
  let pool: BrowserPool;
  let admin: AdminSite;
  let site: LoopbackServer;
  let token: string;

  beforeAll(async () => {
    admin = await startAdminSite();
    site = await listenOnLoopback(async (req: IncomingMessage, res: ServerResponse) => {
      const page = PAGES[new URL(req.url ?? "/", "http://x.invalid").pathname];
      return page ? send(res, 200, HTML, page) : send(res, 404, HTML, "not found");
    });
    pool = new BrowserPool();
    const res = await fetch(`${admin.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = /meridian_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
  });
  afterAll(async () => {
    await pool?.close();
    await Promise.all([admin?.close(), site?.close()]);
  });

  const session = async (): Promise<BrowserSession> => {
    const s = await pool.newSession(DESKTOP);
    await s.context.addCookies([{ name: ADMIN_SESSION_COOKIE, value: token, url: admin.url }]);
    return s;
  };

  /** Opens `url` with the clock held and records what moves. */
  const openAndRecord = async (camera: ClipCamera, s: BrowserSession, url: string): Promise<RecordedClip | null> => {
    expect(await camera.freeze()).toBe(true);
    await s.page.goto(url);
    return camera.record({ wallMs: LOADED_MACHINE_MS });
  };

  it(
    "the dashboard opening: the charts grow in frame by frame, ending on the settled still, the same twice",
    async () => {
      const s = await session();
      try {
        const camera = new ClipCamera(s.page);
        expect(await camera.install()).toBe(true);
        const clip = (await openAndRecord(camera, s, `${admin.url}/`)) as RecordedClip;
        expect(clip).not.toBeNull();
        expect(clip.fps).toBe(30);
        expect(clip.settled).toBe(true);
        // A one-second animation: about 30 frames, none past the bound.
        expect(clip.frames.length).toBeGreaterThanOrEqual(20);
        expect(clip.frames.length).toBeLessThanOrEqual(MAX_CLIP_FRAMES);
        const first = clip.frames[0] as Buffer;
        const last = clip.frames.at(-1) as Buffer;
        const fromFirst = await differingShare(first, last);
        expect(fromFirst).toBeGreaterThan(0.01);
        // Growing: each of the first frames differs from the next, and they get closer to the end.
        for (let k = 0; k < 10; k++) expect(clip.frames[k]?.equals(clip.frames[k + 1] as Buffer)).toBe(false);
        const fromFifth = await differingShare(clip.frames[5] as Buffer, last);
        expect(fromFifth).toBeLessThan(fromFirst);
        expect(await differingShare(clip.frames[15] as Buffer, last)).toBeLessThan(fromFifth);

        // Time runs again afterwards: the page settles and its still is the clip's last frame.
        const report = await waitForSettled(s.page);
        expect(report.settled).toBe(true);
        expect(await differingShare(await captureFrame(s.page), last)).toBeLessThan(0.001);

        // Deterministic: the page opened again, in another session, gives the same frames.
        const other = await session();
        try {
          const otherCamera = new ClipCamera(other.page);
          expect(await otherCamera.install()).toBe(true);
          const again = (await openAndRecord(otherCamera, other, `${admin.url}/`)) as RecordedClip;
          expect(again.frames.length).toBe(clip.frames.length);
          for (const [k, frame] of again.frames.entries())
            expect(await differingShare(frame, clip.frames[k] as Buffer)).toBe(0);
        } finally {
          await other.close();
        }
      } finally {
        await s.close();
      }
    },
    SLOW_MS,
  );

  it(
    "a hover's transition is recorded; a page where nothing moves gives no clip",
    async () => {
      const s = await session();
      try {
        const camera = new ClipCamera(s.page);
        expect(await camera.install()).toBe(true);
        expect(await openAndRecord(camera, s, `${site.url}/still`)).toBeNull();

        expect(await openAndRecord(camera, s, `${site.url}/menu`)).toBeNull();
        expect(await camera.freeze()).toBe(true);
        await s.page.hover("text=Products");
        const clip = (await camera.record({ wallMs: LOADED_MACHINE_MS })) as RecordedClip;
        expect(clip).not.toBeNull();
        expect(clip.settled).toBe(true);
        // 400 ms at 30 fps: 12–13 frames of motion, then the rest.
        expect(clip.frames.length).toBeGreaterThanOrEqual(12);
        expect(clip.frames.length).toBeLessThanOrEqual(16);
        expect(await differingShare(clip.frames[0] as Buffer, clip.frames.at(-1) as Buffer)).toBeGreaterThan(0.005);
        await waitForSettled(s.page);
        expect(await differingShare(await captureFrame(s.page), clip.frames.at(-1) as Buffer)).toBe(0);
      } finally {
        await s.close();
      }
    },
    SLOW_MS,
  );

  it(
    "a render's capture records the dashboard's open and a menu's hover as clips, then stills of the settled page",
    async () => {
      const s = await session();
      try {
        const step = { title: "", narration: "", estimatedSeconds: 3 };
        const result = await captureScenes(s.page, [
          { ...step, id: "open", action: "navigate", target: null, url: `${admin.url}/` },
          { ...step, id: "menu", action: "navigate", target: null, url: `${site.url}/menu` },
          { ...step, id: "hover", action: "hover", target: { css: ".menu" }, url: `${site.url}/menu` },
        ]);
        expect(result.missing).toEqual([]);
        expect(result.unsettled).toEqual([]);
        const [open, menu, hover] = result.scenes;
        expect(open?.clip?.frames.length).toBeGreaterThanOrEqual(20);
        expect(await differingShare(open?.clip?.frames.at(-1) as Buffer, open?.after as Buffer)).toBeLessThan(0.001);
        expect(menu?.clip ?? null).toBeNull();
        expect(hover?.clip?.frames.length).toBeGreaterThanOrEqual(12);
        expect(await differingShare(hover?.clip?.frames.at(-1) as Buffer, hover?.after as Buffer)).toBe(0);
      } finally {
        await s.close();
      }
    },
    SLOW_MS,
  );

  it(
    "an animation that never ends gives a bounded clip; a page that spins gives none, within the wall bound",
    async () => {
      const s = await session();
      try {
        const camera = new ClipCamera(s.page);
        expect(await camera.install()).toBe(true);
        const endless = (await openAndRecord(camera, s, `${site.url}/endless`)) as RecordedClip;
        expect(endless.settled).toBe(false);
        expect(endless.frames.length).toBe(MAX_CLIP_FRAMES);
        // The page runs on afterwards: the settle wait gives up at its bound as before, and a still is taken.
        expect((await waitForSettled(s.page, { maxMs: 1500 })).pending).toEqual(["canvas"]);
        expect((await captureFrame(s.page)).length).toBeGreaterThan(0);

        expect(await camera.freeze()).toBe(true);
        await s.page.goto(`${site.url}/spin`);
        expect(await camera.record({ wallMs: 2_000 })).toBeNull();
      } finally {
        await s.close();
      }
    },
    SLOW_MS,
  );
});
