import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { CDPSession, Page } from "playwright-core";
import { DeadlineError, within } from "./within.js";

/**
 * Scripts that run inside a page, written as typed modules (`*.page.ts`, checked with the DOM library by
 * tsconfig.page.json) instead of source strings. Each is compiled once, when the module that names it
 * loads, and run in an isolated world of the page's main frame: the world shares the page's DOM but not
 * its JavaScript globals, so a page that redefines `Array.prototype.map`, `getComputedStyle` or `JSON`
 * cannot change what the script computes. What comes back is still the page's data (texts it wrote):
 * callers bound and check it.
 *
 * A page module's default export is `function (arg: A): R` (or `Promise<R>`), with JSON-serialisable
 * `arg` and result; its types live in a plain .ts file both sides import, since Node code never imports
 * a .page.ts file (the main tsconfig excludes them).
 */

export interface PageScript<A, R> {
  /** The module's path from the repository root, for errors. */
  readonly name: string;
  /** The compiled IIFE source: an expression whose value is the module's exports. */
  readonly source: string;
  /** Type-only: ties the script to its argument and result types. */
  readonly __types?: (arg: A) => R;
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The global the bundle's exports are assigned to, local to the wrapping function. */
const EXPORTS = "__clipwrightPageModule";
/** The isolated world's name: one world per document, reused by every script run in it. */
const WORLD_NAME = "clipwright-page-scripts";
/** Where, in that world, each compiled module is kept after its first run (keyed by name). */
const LOADED = "__clipwrightPageModules";
const DEFAULT_TIMEOUT_MS = 10_000;
/** How long before the deadline a synchronous run of ours is terminated. */
const TERMINATE_AHEAD_MS = 50;
const DETACH_MS = 2_000;
/** What V8 says of a run ended by Runtime.evaluate's timeout. */
const TERMINATED = /Execution was terminated/i;

/**
 * Compiles a *.page.ts module (esbuild: bundled with what it imports, IIFE, for the browser) once, when
 * the caller's module loads. Names are not kept (`keepNames` off), so the output calls no `__name`
 * helper that only exists in Node.
 */
export function pageScript<A, R>(moduleUrl: URL): PageScript<A, R> {
  const file = fileURLToPath(moduleUrl);
  if (!file.endsWith(".page.ts")) throw new Error(`not a page module: ${file}`);
  const built = buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "iife",
    globalName: EXPORTS,
    platform: "browser",
    target: "chrome120",
    keepNames: false,
    legalComments: "none",
    logLevel: "silent",
  });
  const code = built.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`page module compiled to nothing: ${file}`);
  return { name: relative(ROOT, file), source: `(() => {\n${code}\nreturn ${EXPORTS};\n})()` };
}

/** The execution context of our isolated world in the main frame's current document, made if missing. */
async function isolatedWorld(cdp: CDPSession): Promise<number> {
  const { frameTree } = await cdp.send("Page.getFrameTree");
  const frameId = frameTree.frame.id;
  // Runtime.enable reports every live context before it answers: ours, if an earlier run made it.
  let existing: number | null = null;
  const onContext = ({ context }: { context: { id: number; name: string; auxData?: { frameId?: string } } }) => {
    if (context.name === WORLD_NAME && context.auxData?.frameId === frameId) existing = context.id;
  };
  cdp.on("Runtime.executionContextCreated", onContext);
  try {
    await cdp.send("Runtime.enable");
  } finally {
    cdp.off("Runtime.executionContextCreated", onContext);
  }
  if (existing !== null) return existing;
  const world = await cdp.send("Page.createIsolatedWorld", {
    frameId,
    worldName: WORLD_NAME,
    grantUniveralAccess: false,
  });
  return world.executionContextId;
}

/** The expression that loads the module into the world (once) and calls its default export with `arg`. */
function callExpression(script: { name: string; source: string }, arg: unknown): string {
  const key = JSON.stringify(script.name);
  const json = arg === undefined ? "undefined" : JSON.stringify(arg);
  return `((globalThis.${LOADED} ??= {})[${key}] ??= ${script.source}).default(${json})`;
}

/**
 * Runs the module's default export with `arg` in an isolated world of the page's main frame (CDP
 * Page.createIsolatedWorld + Runtime.evaluate, by value), bounded by a deadline: a DeadlineError after
 * `timeoutMs` (default 10 s; a script of ours still running then is terminated, and a page whose main
 * thread is stuck blocks every world of it), the signal's reason on abort, an Error naming the script
 * when it throws. A document replaced mid-run rejects too (its context is gone).
 */
export async function runPageScript<A, R>(
  page: Page,
  script: PageScript<A, R>,
  arg: A,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<R> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const overran = () => new DeadlineError(`${script.name}: ran past ${timeoutMs} ms`);
  let cdp: CDPSession | null = null;
  let over = false;
  const run = async (): Promise<R> => {
    const session = await page.context().newCDPSession(page);
    if (over) {
      // Came after the deadline: nobody is left to detach it.
      await session.detach().catch(() => undefined);
      throw new DeadlineError(`${script.name}: no session within ${timeoutMs} ms`);
    }
    cdp = session;
    const contextId = await isolatedWorld(session);
    const terminateAt = deadline - TERMINATE_AHEAD_MS;
    const answer = await session
      .send("Runtime.evaluate", {
        expression: callExpression(script, arg),
        contextId,
        returnByValue: true,
        awaitPromise: true,
        // Terminates a synchronous run of ours just before the deadline below, so it does not go on
        // holding the page's main thread after we stop waiting (a promise that never settles holds nothing).
        timeout: Math.max(1, terminateAt - Date.now()),
      })
      .catch((err: unknown) => {
        // Terminated while awaiting, Chromium answers "Internal error": the time tells it apart.
        if ((err instanceof Error && TERMINATED.test(err.message)) || Date.now() >= terminateAt) throw overran();
        throw err;
      });
    if (answer.exceptionDetails) {
      const { exception, text } = answer.exceptionDetails;
      const what = (exception?.description ?? text).slice(0, 500);
      if (TERMINATED.test(what)) throw overran();
      throw new Error(`page script ${script.name} failed: ${what}`);
    }
    return answer.result.value as R;
  };
  try {
    return await within(run(), timeoutMs, options.signal);
  } finally {
    over = true;
    // Detaching also drops an evaluation still waiting on a promise of the page's.
    const session = cdp as CDPSession | null; // set inside run()
    if (session) await within(session.detach(), DETACH_MS).catch(() => undefined);
  }
}
