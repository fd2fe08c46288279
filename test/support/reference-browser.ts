// The setup the API reference's browser tests share: the service (memory rate store, no workers) listening
// on a loopback port, and the system Chromium. The reference page does not depend on the database, so the
// sqlite project runs these tests and the postgres one need not (`describeReference`).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { Harness } from "../../src/testutil/harness.js";
import { launchChromium } from "./dashboard-browser.js";

export interface ReferenceBrowser {
  h: Harness;
  /** The service's address (`http://127.0.0.1:<port>`). */
  base: string;
  browser: Browser;
}

/**
 * Starts the service and the browser before the suite's tests and closes both after. The fields are set
 * once `beforeAll` has run: read them inside the tests.
 */
export function useReferenceBrowser(): ReferenceBrowser {
  const served = {} as ReferenceBrowser;
  beforeAll(async () => {
    served.h = await Harness.start({ rateStore: "memory", workers: false });
    served.base = await served.h.app.listen({ host: "127.0.0.1", port: 0 });
    served.browser = await launchChromium();
  });
  afterAll(async () => {
    await served.browser?.close();
    await served.h?.close();
  });
  return served;
}

/** A suite about the reference page: skipped in the postgres project (the page reads no database). */
export const describeReference = describe.skipIf(process.env.CLIPWRIGHT_TEST_DB === "postgres");
