import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type CaptureSpec } from "../../src/media/browser/index.js";
import type { Box, CapturedScene, Viewport } from "../../src/media/compose/types.js";
import { captureScenes, MAX_TYPE_STEPS, MIN_TYPE_STEPS } from "../../src/pipelines/walkthrough/capture.js";
import { planWalkthrough } from "../../src/pipelines/walkthrough/explore.js";
import { NavigationError } from "../../src/pipelines/walkthrough/perform.js";
import type { Beat } from "../../src/pipelines/walkthrough/plan.js";
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
    // How long capture takes is measured by bench/ (the render suite), not asserted here.
    const result = await captureScenes(session.page, beats, { onBeat: (i, n) => void seen.push([i, n]) });
    await session.close();

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
  });

  it("types in steps, scrolls with a strip, and turns a vanished target into a cut (device scale 2)", async () => {
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
