import { expect, it } from "vitest";
import { idem } from "../../src/testutil/harness.js";
import { describeReference, useReferenceBrowser } from "../support/reference-browser.js";

// An answer's citation of an operation links to the service's own API reference (decision 0039): opened
// in a real browser, the link lands on that operation's section of the page.

describeReference("the assistant's API reference links", () => {
  const served = useReferenceBrowser();

  it("land on the cited operation", async () => {
    const { h, base, browser } = served;
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
