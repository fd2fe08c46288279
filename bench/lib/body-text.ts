// The visible text of the pages a walkthrough shows, as a viewer could read it (document.body.innerText),
// for the narration lint's copied-run rule. Read with Chromium, loopback only: the corpus sites' analytics
// and font hosts are refused rather than waited for.
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, within } from "../../src/media/browser/index.js";

const LOAD_MS = 20_000;
const READ_MS = 5_000;
/** The text kept of one page: a landing page's whole copy fits many times over. */
const MAX_CHARS = 200_000;

export class BodyReader {
  private constructor(private readonly browser: Browser) {}

  static async start(): Promise<BodyReader> {
    return new BodyReader(await launchBrowser());
  }

  /**
   * Each page's body text, in the order given (a page that would not load reads as ""). `signIn` opens
   * a session first for pages behind a login.
   */
  async read(urls: readonly string[], signIn?: (context: BrowserContext) => Promise<void>): Promise<string[]> {
    const context = await this.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      await context.route("**/*", (route) => {
        const host = new URL(route.request().url()).hostname;
        return host === "127.0.0.1" || host === "localhost" ? route.continue() : route.abort();
      });
      await signIn?.(context);
      const page = await context.newPage();
      const texts: string[] = [];
      for (const url of urls) {
        try {
          await page.goto(url, { waitUntil: "load", timeout: LOAD_MS });
          const text = await within(
            // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (textContent has scripts and hidden copies)
            page.evaluate(() => document.body?.innerText ?? ""),
            READ_MS,
          );
          texts.push(text.slice(0, MAX_CHARS));
        } catch (err) {
          console.log(`body text of ${url} not read: ${String(err).split("\n")[0]}`);
          texts.push("");
        }
      }
      return texts;
    } finally {
      await context.close();
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
