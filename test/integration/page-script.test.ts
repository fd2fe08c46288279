import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPool, BrowserPool as Pool } from "../../src/media/browser/index.js";
import { pageScript, runPageScript } from "../../src/media/browser/page-script.js";
import type { BrowserSession } from "../../src/media/browser/pool.js";
import { DeadlineError } from "../../src/media/browser/within.js";
import type { Builtins, ProbeArg, ProbeResult, ReadElement } from "../fixtures/page-scripts/probe-types.js";

// Page scripts (*.page.ts) compiled by esbuild and run in an isolated world of a real Chromium page: the
// value comes back, the page's own redefinitions of built-ins do not reach the script, the shared
// accessible-name helpers read names and shown text as a person would, and a script that never ends
// meets its deadline.

const PROBE = pageScript<ProbeArg, ProbeResult>(new URL("../fixtures/page-scripts/probe.page.ts", import.meta.url));
const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

const SR_ONLY =
  "position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0";

const PAGE = `<!doctype html><html><head><title>Probe</title><script>
  // A hostile page: every built-in a script might lean on answers wrongly in the page's own world.
  Array.prototype.map = function () { return ["tampered"]; };
  window.getComputedStyle = () => ({ display: "tampered", visibility: "hidden", getPropertyValue: () => "" });
  JSON.stringify = () => '"tampered"';
</script></head><body>
  <button id="labelled" aria-label="Close dialog">×</button>
  <span id="caption">Monthly revenue</span><div id="by" role="region" aria-labelledby="caption">chart</div>
  <label for="email">Work email</label><input id="email" type="email">
  <a id="twin" href="/cart"><i class="icon" aria-hidden="true">🛒</i><span>Cart</span><span style="${SR_ONLY}">Shopping cart, 3 items</span></a>
  <div id="blocks"><p>First line</p><p>Second<br>line</p><script>var hidden = "script text";</script><style>.x{}</style></div>
  <p id="gone" style="display:none">Not shown</p>
  <p id="ghost" style="visibility:hidden">Hidden <span style="visibility:visible">but this</span></p>
</body></html>`;

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("page scripts in an isolated world", () => {
  let pool: BrowserPool;
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    pool = new Pool();
    session = await pool.newSession(DESKTOP);
    page = session.page;
    await page.setContent(PAGE);
  });
  afterAll(async () => {
    await session?.close();
    await pool?.close();
  });

  /** How many of our isolated worlds the page's current document holds. */
  const ourWorlds = async (): Promise<number> => {
    const cdp = await page.context().newCDPSession(page);
    let count = 0;
    cdp.on("Runtime.executionContextCreated", ({ context }) => {
      if (context.name === "clipwright-page-scripts") count += 1;
    });
    await cdp.send("Runtime.enable");
    await cdp.detach();
    return count;
  };

  const read = async (...selectors: string[]) => {
    const found = (await runPageScript(page, PROBE, { kind: "read", selectors })) as ReadElement[];
    return Object.fromEntries(found.map((f) => [f.selector, f]));
  };

  it("compiles the module once into an expression of its exports, with no Node-only helper", () => {
    expect(PROBE.name).toBe("test/fixtures/page-scripts/probe.page.ts");
    expect(PROBE.source).not.toMatch(/__name\(/);
    expect(PROBE.source).toContain("computeAccessibleName"); // the library is bundled in
  });

  it("runs the default export with its argument and returns its value, awaited", async () => {
    expect(await runPageScript(page, PROBE, { kind: "later", value: "it came back" })).toBe("it came back");
    // Again, in the same document: the world and the loaded module are reused.
    expect(await runPageScript(page, PROBE, { kind: "later", value: "twice" })).toBe("twice");
    expect(await ourWorlds()).toBe(1);
  });

  it("sees the real built-ins, not the page's redefinitions of them", async () => {
    // The page's own world really is tampered with.
    expect(
      await page.evaluate(
        "[1].map((n) => n) + '|' + JSON.stringify(1) + '|' + getComputedStyle(document.body).display",
      ),
    ).toBe('tampered|"tampered"|tampered');
    const seen = (await runPageScript(page, PROBE, { kind: "builtins" })) as Builtins;
    expect(seen).toEqual({ mapped: [2, 4, 6], json: '{"a":1}', display: "block", title: "Probe" });
  });

  it("names elements by aria-label, aria-labelledby and label[for]", async () => {
    const got = await read("#labelled", "#by", "#email", "#twin");
    expect(got["#labelled"]?.name).toBe("Close dialog");
    expect(got["#by"]?.name).toBe("Monthly revenue");
    expect(got["#email"]?.name).toBe("Work email");
    // The link's name includes the screen-reader text, not the aria-hidden icon.
    expect(got["#twin"]?.name).toBe("Cart Shopping cart, 3 items");
  });

  it("reads the text shown: without the sr-only twin, the aria-hidden icon, scripts and styles", async () => {
    const got = await read("#twin", "#blocks", "#gone", "#ghost", "#missing");
    expect(got["#twin"]?.text).toBe("Cart");
    expect(got["#blocks"]?.text).toBe("First line Second line");
    expect(got["#gone"]).toMatchObject({ found: true, visible: false, text: "" });
    expect(got["#ghost"]).toMatchObject({ visible: false, text: "but this" });
    expect(got["#twin"]?.visible).toBe(true);
    expect(got["#missing"]?.found).toBe(false);
  });

  it("says which script threw, and what", async () => {
    await expect(runPageScript(page, PROBE, { kind: "throw", message: "no form here" })).rejects.toThrow(
      /probe\.page\.ts failed: Error: no form here/,
    );
  });

  it("ends a script that never stops at its deadline, and the page answers again after", async () => {
    const started = Date.now();
    await expect(runPageScript(page, PROBE, { kind: "spin" }, { timeoutMs: 1_000 })).rejects.toBeInstanceOf(
      DeadlineError,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    // Terminated, not left spinning: the main thread is free for the next script.
    expect(await runPageScript(page, PROBE, { kind: "later", value: "free" }, { timeoutMs: 2_000 })).toBe("free");
  });

  it("gives up on a promise that never settles at its deadline, or at an abort", async () => {
    await expect(runPageScript(page, PROBE, { kind: "never" }, { timeoutMs: 500 })).rejects.toBeInstanceOf(
      DeadlineError,
    );
    const abort = new AbortController();
    setTimeout(() => abort.abort(new Error("stopped by the caller")), 200);
    await expect(runPageScript(page, PROBE, { kind: "never" }, { signal: abort.signal })).rejects.toThrow(
      "stopped by the caller",
    );
    expect(await runPageScript(page, PROBE, { kind: "later", value: "still here" })).toBe("still here");
  });
});
