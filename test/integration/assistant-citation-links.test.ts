import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";

// An answer's citation of an operation links to the service's own API reference (decision 0039): opened
// in a real browser, the link lands on that operation's section of the page.

let h: Harness;
let base: string;
let browser: Browser;

// The page does not depend on the database: the sqlite project runs it, the postgres one need not.
describe.skipIf(process.env.CLIPWRIGHT_TEST_DB === "postgres")("the assistant's API reference links", () => {
  beforeAll(async () => {
    h = await Harness.start({ rateStore: "memory", workers: false });
    base = await h.app.listen({ host: "127.0.0.1", port: 0 });
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it("land on the cited operation", async () => {
    const user = await h.user();
    const res = await h.request("POST", "/assistant/messages", {
      token: user.session,
      idempotencyKey: idem(),
      body: { text: "How do I re-enable a webhook endpoint that was disabled?" },
    });
    const citation = res.body.reply.citations.find((c: { source: string }) => c.source === "api");
    expect(citation).toMatchObject({
      path: "PATCH /webhooks/{id}",
      href: "/api/v1/reference#tag/webhooks/PATCH/webhooks/{id}",
    });
    const page = await browser.newPage();
    try {
      await page.goto(`${base}${citation.href}`);
      // The reference builds the page in the browser, then scrolls to the anchor's operation.
      const section = page.locator(`[id$="${citation.href.split("#")[1]}"]`).first();
      await section.waitFor({ timeout: 20_000 });
      await page.waitForFunction(
        (id) => {
          const top = document.querySelector(`[id$="${id}"]`)?.getBoundingClientRect().top;
          return window.scrollY > 0 && top !== undefined && Math.abs(top) < 50;
        },
        citation.href.split("#")[1],
        { timeout: 20_000 },
      );
    } finally {
      await page.close();
    }
  });
});
