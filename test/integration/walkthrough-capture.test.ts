import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type CaptureSpec } from "../../src/media/browser/index.js";
import { composeWalkthrough } from "../../src/media/compose/index.js";
import { motionPhases } from "../../src/media/compose/timeline.js";
import type { Box, CapturedScene, Viewport } from "../../src/media/compose/types.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import type { Beat } from "../../src/pipelines/walkthrough/beats.js";
import { captureScenes, MAX_TYPE_STEPS, MIN_TYPE_STEPS } from "../../src/pipelines/walkthrough/capture.js";
import { planWalkthrough } from "../../src/pipelines/walkthrough/explore.js";
import { NavigationError } from "../../src/pipelines/walkthrough/perform.js";
import { HTML, listenOnLoopback, send } from "../support/fixture-http.js";
import { type LandingSite, startLandingSite } from "../support/landing-site-server.js";
import { type Site, startSite } from "../support/site-server.js";

// Real Chromium against the fixture site: no database, so the sqlite project only.

const DESKTOP: CaptureSpec = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const HIDPI: CaptureSpec = { width: 800, height: 600, deviceScaleFactor: 2, isMobile: false, hasTouch: false };

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const inside = (box: Box, vp: Viewport) => {
  expect(box.width).toBeGreaterThan(0);
  expect(box.height).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height);
};

/** Every still is the viewport at the device scale; motions carry what the compositor needs. */
function checkScene(scene: CapturedScene, vp: Viewport): void {
  const full = { width: vp.width * vp.deviceScaleFactor, height: vp.height * vp.deviceScaleFactor };
  expect(pngSize(scene.after)).toEqual(full);
  if (scene.motion.kind === "cut") expect(scene.before).toBeNull();
  else expect(pngSize(scene.before as Buffer)).toEqual(full);
  const m = scene.motion;
  if (m.kind === "click" || m.kind === "hover" || m.kind === "type") inside(m.target, vp);
  if (m.kind === "type") {
    expect(m.steps.length).toBeGreaterThanOrEqual(MIN_TYPE_STEPS);
    expect(m.steps.length).toBeLessThanOrEqual(MAX_TYPE_STEPS);
    for (const step of m.steps) expect(pngSize(step)).toEqual(full);
  }
  if (m.kind === "scroll") {
    const strip = pngSize(m.strip);
    expect(strip.width).toBe(full.width);
    expect(strip.height).toBeGreaterThanOrEqual((Math.abs(m.toY - m.fromY) + vp.height) * vp.deviceScaleFactor - 1);
    expect(Math.min(m.fromY, m.toY)).toBe(0);
    if (m.target) inside(m.target, vp);
  }
}

const beat = (id: string, b: Omit<Beat, "id" | "title" | "narration" | "estimatedSeconds">): Beat => ({
  id,
  title: id,
  narration: "",
  estimatedSeconds: 3,
  ...b,
});

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("walkthrough capture", () => {
  let site: Site;
  let pool: BrowserPool;
  beforeAll(async () => {
    site = await startSite();
    pool = new BrowserPool();
  });
  afterAll(async () => {
    await pool.close();
    await site.close();
  });

  it("replays a plan of the fixture site: stills of the viewport, targets on screen", async () => {
    const planning = await pool.newSession(DESKTOP);
    const noop = async () => {};
    const { beats } = await planWalkthrough(
      planning,
      { url: `${site.url}/`, hint: null, language: null, signIn: null },
      { progress: noop, checkpoint: noop },
    );
    await planning.close();
    expect(beats.length).toBeGreaterThanOrEqual(6);

    const session = await pool.newSession(DESKTOP);
    const seen: [number, number][] = [];
    const handed: unknown[] = [];
    // How long capture takes is measured by bench/ (the render suite), not asserted here.
    const result = await captureScenes(session.page, beats, {
      onBeat: (i, n) => void seen.push([i, n]),
      onScene: (scene, viewport) => void handed.push(scene, viewport),
    });
    await session.close();
    // Each scene is handed over as it is captured, in order, with the viewport it was captured in.
    expect(handed).toEqual(result.scenes.flatMap((s) => [s, result.viewport]));
    expect(handed[0]).toBe(result.scenes[0]);

    expect(result.viewport).toEqual({ width: 1280, height: 800, deviceScaleFactor: 1 });
    expect(result.missing).toEqual([]);
    expect(result.scenes.map((s) => s.beatId)).toEqual(beats.map((b) => b.id));
    expect(seen).toEqual(beats.map((_, i) => [i + 1, beats.length]));
    for (const [i, scene] of result.scenes.entries()) {
      checkScene(scene, result.viewport);
      const action = beats[i]?.action;
      expect(scene.motion.kind).toBe(action === "navigate" ? "cut" : action);
    }
    const kinds = new Set(result.scenes.map((s) => s.motion.kind));
    for (const k of ["cut", "click", "hover", "scroll"]) expect(kinds).toContain(k);
  }, 120_000); // plans the whole site, then replays it (clips included): 25–40 s on a loaded 2-core machine

  it("types in steps, scrolls with a strip, and turns a vanished target into a cut (device scale 2)", {
    timeout: 120_000,
  }, async () => {
    const session = await pool.newSession(HIDPI);
    const beats = [
      beat("b1", { action: "navigate", target: null, url: `${site.url}/signup` }),
      beat("b2", {
        action: "type",
        target: { role: "textbox", name: "Work email" },
        url: `${site.url}/signup`,
        value: "jane@example.com",
      }),
      beat("b3", { action: "click", target: { role: "link", name: "No such link" }, url: `${site.url}/pricing` }),
      beat("b4", { action: "hover", target: { role: "heading", name: "Growth" }, url: `${site.url}/pricing` }),
      beat("b5", { action: "navigate", target: null, url: `${site.url}/` }),
      beat("b6", { action: "scroll", target: { role: "heading", name: "What customers say" }, url: `${site.url}/` }),
    ];
    const result = await captureScenes(session.page, beats);
    expect(result.viewport).toEqual({ width: 800, height: 600, deviceScaleFactor: 2 });
    for (const scene of result.scenes) checkScene(scene, result.viewport);

    const typed = result.scenes[1]?.motion;
    expect(typed?.kind).toBe("type");
    if (typed?.kind === "type") {
      // Each step differs from the one before: the field is filling up.
      const all = [result.scenes[1]?.before, ...typed.steps, result.scenes[1]?.after] as Buffer[];
      for (let i = 1; i < all.length; i++) expect(all[i]?.equals(all[i - 1] as Buffer)).toBe(false);
    }

    // The missing click became a cut and the replay went on from the page the beat ends on.
    expect(result.missing).toEqual(["b3"]);
    expect(result.scenes[2]?.motion.kind).toBe("cut");
    expect(result.scenes[2]?.before).toBeNull();
    expect(result.scenes[3]?.motion.kind).toBe("hover");

    const scroll = result.scenes[5]?.motion;
    expect(scroll?.kind).toBe("scroll");
    if (scroll?.kind === "scroll") {
      expect(scroll.fromY).toBe(0);
      expect(scroll.toY).toBeGreaterThan(600);
      expect(scroll.target).not.toBeNull();
      expect(scroll.target?.y ?? -1).toBeLessThan(5);
    }
    await session.close();
  });

  it("stops when checkpoint throws, and a navigate that fails throws NavigationError", async () => {
    const session = await pool.newSession(DESKTOP);
    const beats = [
      beat("b1", { action: "navigate", target: null, url: `${site.url}/` }),
      beat("b2", { action: "click", target: { role: "link", name: "Pricing" }, url: `${site.url}/pricing` }),
      beat("b3", { action: "click", target: { role: "link", name: "Features" }, url: `${site.url}/features` }),
    ];
    let calls = 0;
    const done: number[] = [];
    const stop = new Error("cancelled");
    await expect(
      captureScenes(session.page, beats, {
        checkpoint: async () => {
          calls += 1;
          if (calls === 2) throw stop;
        },
        onBeat: (i) => void done.push(i),
      }),
    ).rejects.toBe(stop);
    expect(done).toEqual([1]);
    expect(session.page.url()).toBe(`${site.url}/`);

    const missingPage = [beat("b1", { action: "navigate", target: null, url: `${site.url}/nope` })];
    const err = await captureScenes(session.page, missingPage).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NavigationError);
    expect((err as NavigationError).status).toBe(404);
    const closed = [beat("b1", { action: "navigate", target: null, url: "http://127.0.0.1:9/" })];
    const refused = await captureScenes(session.page, closed).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NavigationError);
    expect((refused as NavigationError).status).toBeNull();
    await session.close();
  });
});

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("scrolling a page with a fixed navbar", () => {
  let site: LandingSite;
  let pool: BrowserPool;
  let dir: string;
  beforeAll(async () => {
    site = await startLandingSite();
    pool = new BrowserPool();
    dir = await mkdtemp(join(tmpdir(), "cw-scroll-test-"));
  });
  afterAll(async () => {
    await pool.close();
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Frames [from, to] of `video` as 8-bit luma pictures. */
  async function lumaFrames(video: string, from: number, to: number, size: number): Promise<Buffer[]> {
    const out = join(dir, "frames.gray");
    await runFfmpeg(
      ["-y", "-i", video, "-vf", `select=between(n\\,${from}\\,${to})`, "-fps_mode", "passthrough"].concat([
        "-f",
        "rawvideo",
        "-pix_fmt",
        "gray",
        out,
      ]),
    );
    const all = await readFile(out);
    return Array.from({ length: all.length / size }, (_, i) => all.subarray(i * size, (i + 1) * size));
  }

  /** Mean absolute difference between rows [ya, ya + rows) of `a` and [yb, yb + rows) of `b`. */
  const rowsDiff = (a: Buffer, ya: number, b: Buffer, yb: number, rows: number, width: number): number => {
    let sum = 0;
    for (let i = 0; i < rows * width; i++)
      sum += Math.abs((a[ya * width + i] as number) - (b[yb * width + i] as number));
    return sum / (rows * width);
  };

  it("answers the cookie banner, and keeps the navbar in place on every frame of the pan, drawn once", async () => {
    const session = await pool.newSession(DESKTOP);
    const beats = [
      beat("b1", { action: "navigate", target: null, url: `${site.url}/` }),
      beat("b2", {
        action: "scroll",
        target: { role: "heading", name: "Teams that switched to Harborline" },
        url: `${site.url}/`,
      }),
    ];
    const { scenes, viewport } = await captureScenes(session.page, beats);
    // The consent banner was answered when the page opened ("Only essential"): the layer is the navbar
    // at the top, transparent below it.
    const consent = (await session.context.cookies(site.url)).find((c) => c.name === "harborline_consent");
    await session.close();
    expect(consent?.value).toBe("essential");
    const scroll = scenes[1]?.motion;
    if (scroll?.kind !== "scroll" || !scroll.fixedLayer) throw new Error("no scroll with a fixed layer");
    expect(scroll.toY - scroll.fromY).toBeGreaterThan(2 * viewport.height);

    const layer = await sharp(scroll.fixedLayer).raw().toBuffer({ resolveWithObject: true });
    expect(layer.info).toMatchObject({ width: 1280, height: 800, channels: 4 });
    const opaqueShare = (row: number) => {
      let n = 0;
      for (let x = 0; x < layer.info.width; x++)
        if ((layer.data[(row * layer.info.width + x) * 4 + 3] as number) === 255) n++;
      return n / layer.info.width;
    };
    expect(opaqueShare(10)).toBe(1); // the navbar is solid white once the page has scrolled
    for (const row of [200, 400, 600, 790]) expect(opaqueShare(row)).toBe(0);

    const composed = await composeWalkthrough({
      scenes: scenes.map((s) => ({ ...s, narration: { text: "", wavPath: null, durationSeconds: 0 } })),
      viewport,
      output: { width: 1280, height: 800 },
      fps: 30,
      style: { backdrop: { kind: "none" }, captions: null, pointer: "arrow" },
      watermark: false,
      targetSeconds: null,
      outDir: join(dir, "video"),
      binaries: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    });
    const timing = composed.timings[1] as (typeof composed.timings)[number];
    const phases = motionPhases(scroll, viewport);
    const first = timing.startFrame + Math.ceil(phases.scrollStart * 30);
    const last = timing.startFrame + Math.ceil(phases.scrollEnd * 30) - 1;
    const width = 1280;
    const frames = await lumaFrames(composed.video.path, first, timing.startFrame + timing.frames - 1, width * 800);
    const pan = frames.slice(0, last - first + 1);
    const settled = frames[frames.length - 1] as Buffer; // the page's own last screen
    const NAV = 72; // --nav-height: 4.5rem
    const HEIGHT = 800;
    let moved = 0;
    for (const [i, frame] of pan.entries()) {
      // The same navbar rows as on the real last screen, on every frame of the pan.
      expect(rowsDiff(frame, 0, settled, 0, NAV, width)).toBeLessThan(1.5);
      // Drawn once: no other band of the frame looks like the navbar.
      let nearest = Number.POSITIVE_INFINITY;
      for (let y = NAV; y + NAV <= HEIGHT; y += 2)
        nearest = Math.min(nearest, rowsDiff(frame, y, settled, 0, NAV, width));
      expect(nearest).toBeGreaterThan(8);
      if (i > 0 && rowsDiff(frame, NAV, pan[i - 1] as Buffer, NAV, HEIGHT - NAV, width) > 1) moved++;
    }
    expect(moved).toBeGreaterThan(pan.length / 2); // the page under them did move
  }, 120_000);

  it("pins a sticky header stuck all along, not a bar that sticks only on the way, nor a fixed backdrop", async () => {
    const page = `<!doctype html><html><head><title>Sticky</title><style>
      body { margin: 0; font: 16px sans-serif; }
      header { position: sticky; top: 0; height: 60px; background: #1d4ed8; color: #fff; z-index: 2; }
      .backdrop { position: fixed; inset: 0; background: #fde68a; z-index: -1; }
      h2 { position: sticky; top: 60px; height: 40px; margin: 0; background: #16a34a; color: #fff; }
    </style></head><body>
      <div class="backdrop"></div>
      <header>Sticky site header</header>
      <div style="height: 900px">Intro</div>
      <section><h2>Sticky section bar</h2><div style="height: 1600px">Body</div>
      <h3>Target heading</h3><div style="height: 800px"></div></section>
    </body></html>`;
    const server = await listenOnLoopback(async (_req, res) => send(res, 200, HTML, page));
    const session = await pool.newSession(DESKTOP);
    try {
      const { scenes } = await captureScenes(session.page, [
        beat("b1", { action: "navigate", target: null, url: `${server.url}/` }),
        beat("b2", { action: "scroll", target: { role: "heading", name: "Target heading" }, url: `${server.url}/` }),
      ]);
      const scroll = scenes[1]?.motion;
      if (scroll?.kind !== "scroll" || !scroll.fixedLayer) throw new Error("no scroll with a fixed layer");
      const layer = await sharp(scroll.fixedLayer).raw().toBuffer({ resolveWithObject: true });
      const alphaAt = (row: number) => layer.data[(row * layer.info.width + 640) * 4 + 3];
      expect(alphaAt(30)).toBe(255); // the header: stuck at both ends of the scroll
      expect(alphaAt(80)).toBe(0); // the section bar: stuck only at the end, so it scrolls with the strip
      expect(alphaAt(400)).toBe(0); // the full-viewport fixed backdrop stays in the strip
      const strip = await sharp(scroll.strip).raw().toBuffer({ resolveWithObject: true });
      const o = (30 * strip.info.width + 640) * strip.info.channels;
      expect([strip.data[o], strip.data[o + 1], strip.data[o + 2]]).not.toEqual([29, 78, 216]); // no header in it
    } finally {
      await session.close();
      await server.close();
    }
  }, 120_000);
});
