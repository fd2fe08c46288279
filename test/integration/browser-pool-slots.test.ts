// The browser pool's session slots and what it tells its observer, on the system Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type CaptureSpec, type PoolObserver, type PoolUsage } from "../../src/media/browser/index.js";

const SMALL: CaptureSpec = { width: 320, height: 240, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

/** What the pool told it, in order. */
class Recorder implements PoolObserver {
  readonly readings: PoolUsage[] = [];
  readonly waits: number[] = [];
  readonly launches: string[] = [];
  losses = 0;
  usage(reading: PoolUsage) {
    this.readings.push(reading);
  }
  waited(seconds: number) {
    this.waits.push(seconds);
  }
  launched(outcome: "succeeded" | "failed") {
    this.launches.push(outcome);
  }
  lost() {
    this.losses += 1;
  }
  get now(): PoolUsage {
    return this.readings.at(-1) as PoolUsage;
  }
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("browser pool slots", () => {
  let seen: Recorder;
  let pool: BrowserPool;
  beforeAll(() => {
    seen = new Recorder();
    pool = new BrowserPool({ maxSessions: 1, observer: seen });
  });
  afterAll(() => pool?.close());

  it("lets one session open at a time: the next waits for the slot and gets it when the first closes", async () => {
    expect(seen.now).toEqual({ open: 0, capacity: 1, waiting: 0, browsers: 0 });
    const first = await pool.newSession(SMALL);
    expect(seen.now).toEqual({ open: 1, capacity: 1, waiting: 0, browsers: 1 });
    expect(seen.launches).toEqual(["succeeded"]);
    const second = pool.newSession(SMALL);
    expect(seen.now).toMatchObject({ open: 1, waiting: 1 });
    expect(seen.waits).toEqual([]);
    await first.close();
    const got = await second;
    expect(seen.waits).toHaveLength(1);
    expect(seen.waits[0]).toBeGreaterThanOrEqual(0);
    expect(seen.now).toMatchObject({ open: 1, waiting: 0 });
    await got.close();
    expect(seen.now).toMatchObject({ open: 0, waiting: 0 });
  });

  it("counts a browser that went away as lost, and launches a replacement for the next session", async () => {
    await (await pool.getBrowser()).close();
    expect(seen.losses).toBe(1);
    expect(seen.now).toMatchObject({ browsers: 0 });
    const session = await pool.newSession(SMALL);
    expect(seen.launches).toEqual(["succeeded", "succeeded"]);
    expect(seen.now).toMatchObject({ open: 1, browsers: 1 });
    await session.close();
  });

  it("gives the slot back when a session cannot open, and reports the failed launch", async () => {
    const failing = new Recorder();
    const broken = new BrowserPool({ executablePath: "/nonexistent/chromium", maxSessions: 1, observer: failing });
    await expect(broken.newSession(SMALL)).rejects.toThrow(/not available/);
    expect(failing.launches).toEqual(["failed"]);
    expect(failing.now).toMatchObject({ open: 0, waiting: 0 });
    await broken.close();
  });

  it("refuses the callers still waiting when it closes, and counts no loss for the browser it closed", async () => {
    const watched = new Recorder();
    const closing = new BrowserPool({ maxSessions: 1, observer: watched });
    await closing.newSession(SMALL);
    const refused = expect(closing.newSession(SMALL)).rejects.toThrow(/closed/);
    await closing.close();
    await refused;
    expect(watched.losses).toBe(0);
    expect(watched.now).toMatchObject({ open: 0, waiting: 0, browsers: 0 });
  });

  it("lets a caller whose job stopped leave the line: it holds no slot, and the next in line gets the one given back", async () => {
    const first = await pool.newSession(SMALL);
    const stopping = new AbortController();
    const leaving = pool.newSession(SMALL, { signal: stopping.signal });
    const staying = pool.newSession(SMALL);
    expect(seen.now).toMatchObject({ open: 1, waiting: 2 });
    stopping.abort(new Error("cancelled"));
    await expect(leaving).rejects.toThrow("cancelled");
    expect(seen.now).toMatchObject({ open: 1, waiting: 1 });
    await first.close();
    const second = await staying;
    expect(seen.now).toMatchObject({ open: 1, waiting: 0 });
    await second.close();
    expect(seen.now).toMatchObject({ open: 0, waiting: 0 });
    // A caller already stopped is refused at once and takes nothing.
    await expect(pool.newSession(SMALL, { signal: AbortSignal.abort(new Error("gone")) })).rejects.toThrow("gone");
    expect(seen.now).toMatchObject({ open: 0, waiting: 0 });
  });
});
