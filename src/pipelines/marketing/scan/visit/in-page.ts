import type { Page } from "playwright-core";
import { within } from "./deadline.js";

/**
 * Runs an extractor's script in an isolated world of the page's main frame (Chromium's extension-style
 * world, over CDP): it shares the page's DOM but not its JavaScript globals, so a page that redefines
 * `getComputedStyle`, `Array.prototype.map` or `JSON` cannot change what the script computes. What comes
 * back is still the page's data (texts, colours, URLs it wrote): callers validate and cap every field.
 */

const DEFAULT_TIMEOUT_MS = 5_000;
const WORLD_NAME = "clipwright-scan";

export class InPageError extends Error {
  override readonly name = "InPageError";
}

/**
 * Evaluates `script` (the source of a function taking one JSON argument, returning a JSON-able value or
 * a promise of one) with `arg` in an isolated world; resolves to the value, untyped. Rejects with
 * InPageError when the script throws, and with a DeadlineError after `timeoutMs` (a page whose main
 * thread is stuck in a loop blocks every world of it).
 */
export async function evaluateIsolated(
  page: Page,
  script: string,
  arg: unknown,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<unknown> {
  const run = async () => {
    const cdp = await page.context().newCDPSession(page);
    try {
      const tree = await cdp.send("Page.getFrameTree");
      const world = await cdp.send("Page.createIsolatedWorld", {
        frameId: tree.frameTree.frame.id,
        worldName: WORLD_NAME,
        grantUniveralAccess: false,
      });
      const answer = await cdp.send("Runtime.evaluate", {
        expression: `(${script})(${JSON.stringify(arg ?? null)})`,
        contextId: world.executionContextId,
        returnByValue: true,
        awaitPromise: true,
        timeout: timeoutMs,
      });
      if (answer.exceptionDetails) {
        throw new InPageError(`in-page script failed: ${answer.exceptionDetails.text}`.slice(0, 300));
      }
      return answer.result.value as unknown;
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  };
  return within(run(), timeoutMs + 1_000);
}

// --- validating what a page answered -----------------------------------------------------------------

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A string of the page, capped; anything else → null. */
export const str = (v: unknown, max: number): string | null => (typeof v === "string" ? v.slice(0, max) : null);

/** A finite number within [min, max]; anything else → null. */
export const num = (v: unknown, min = -1e7, max = 1e7): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= min && v <= max ? v : null;

/** The array's first `max` entries, each mapped (entries mapping to null dropped); not an array → []. */
export function list<T>(v: unknown, max: number, map: (item: unknown) => T | null): T[] {
  if (!Array.isArray(v)) return [];
  const out: T[] = [];
  for (const item of v.slice(0, max)) {
    const mapped = map(item);
    if (mapped !== null) out.push(mapped);
  }
  return out;
}

/** A rectangle in document CSS px, positive and bounded; anything else → null. */
export interface DocRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export function rect(v: unknown): DocRect | null {
  if (!isRecord(v)) return null;
  const x = num(v.x, -1e6, 1e6);
  const y = num(v.y, -1e6, 1e6);
  const width = num(v.width, 0, 1e6);
  const height = num(v.height, 0, 1e6);
  if (x === null || y === null || width === null || height === null || width <= 0 || height <= 0) return null;
  return { x, y, width, height };
}
