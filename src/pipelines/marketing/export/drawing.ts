import type { Page } from "playwright-core";
import type { BrowserPool, BrowserSession } from "../../../media/browser/index.js";
import type { Storage } from "../../../storage/storage.js";
import { openScenePage } from "../scenes/draw.js";
import type { SceneSpec } from "../scenes/types.js";
import type { DrawnLayers } from "./layer-cache.js";
import { sceneLayers } from "./scene-layers.js";

export interface DrawnScene {
  layers: DrawnLayers;
  /** The layers' content key (their cache entry). */
  hash: string;
}

export interface SceneDrawing {
  /** Scene i's layers, once drawn (or read from the cache). */
  scene(i: number): Promise<DrawnScene>;
  /** Every scene drawn and the browser let go of; rejects with the first failure. */
  readonly done: Promise<void>;
  /** Scenes that came from the cache (final once `done` resolves). */
  readonly cached: number;
  /** No further scene is started (the export failed elsewhere); `done` then settles after the current one. */
  stop(): void;
}

/**
 * Draws the scenes one after another in one Chromium page, in the background: the compositor starts on
 * the first scene while Chromium draws the next (a cold export's drawing and encoding overlap instead of
 * following each other). The page is opened only when a scene is not in the cache, and closed as soon as
 * the last scene is drawn, so the browser's memory is given back before most of the frames are composed.
 */
export function drawScenesInOrder(
  specs: readonly SceneSpec[],
  deps: { browser: BrowserPool; storage: Storage },
  run: { signal: AbortSignal; checkpoint(): Promise<void> },
  onDrawn: (count: number) => Promise<void>,
): SceneDrawing {
  const { signal } = run;
  let session: BrowserSession | null = null;
  let opening: Promise<Page> | null = null;
  const page = (): Promise<Page> => {
    opening ??= openScenePage(deps.browser, signal).then((s) => {
      session = s;
      return s.page;
    });
    return opening;
  };
  let cached = 0;
  let stopped = false;
  const scenes: Promise<DrawnScene>[] = [];
  let previous: Promise<unknown> = Promise.resolve();
  for (const [i, spec] of specs.entries()) {
    const drawn = previous.then(async () => {
      if (stopped) throw new Error("drawing stopped");
      await run.checkpoint(); // a cancel is seen between scenes
      const layers = await sceneLayers(page, deps.storage, spec, signal);
      if (layers.cached) cached++;
      await onDrawn(i + 1);
      return { layers: layers.layers, hash: layers.hash };
    });
    drawn.catch(() => undefined); // awaited by the compositor, or through `done`
    scenes.push(drawn);
    previous = drawn;
  }
  const close = async () => {
    await opening?.catch(() => undefined);
    await (session as BrowserSession | null)?.close().catch(() => undefined);
  };
  const done = Promise.all(scenes).then(close, async (err) => {
    await close();
    throw err;
  });
  done.catch(() => undefined);
  return {
    scene: (i) => scenes[i] as Promise<DrawnScene>,
    done,
    get cached() {
      return cached;
    },
    stop: () => {
      stopped = true;
    },
  };
}
