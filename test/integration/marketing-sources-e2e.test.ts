import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileValidator } from "../../src/http/validation.js";
import { SOURCE_MANIFEST_SCHEMA, type SourceManifest } from "../../src/pipelines/marketing/source/manifest.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type MarketingSite, SAAS_SITE, startMarketingSite } from "../support/marketing-sites.js";

// The sources API on the real catalogue: marketing.source_scan and marketing.source_operation run the
// real scanner (fenced Chromium) against the SaaS fixture site. Kept to one lean flow (CI has 2 cores);
// what the scanner extracts is tested in marketing-scan*.test.ts.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");
const SLOW = 120_000;

browserOnly("sources on the real scanner", () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness["user"]>>;
  let saas: MarketingSite;
  beforeAll(async () => {
    saas = await startMarketingSite("saas");
    h = await Harness.start({
      config: {
        allowPrivateHosts: ["127.0.0.1"],
        scan: { extraPages: 1, pageTimeoutMs: 10_000, scanTimeoutMs: 60_000 },
      },
      rateStore: "memory",
    });
    user = await h.user();
  });
  afterAll(async () => {
    await h?.close();
    await saas?.close();
  });

  const get = (id: string) => h.request("GET", `/marketing/sources/${id}`, { token: user.key });
  async function manifestOf(envelope: { result: { artifacts: { type: string; url: string }[] } }) {
    const artifact = envelope.result.artifacts.find((a) => a.type === "source");
    const res = await h.app.inject({ method: "GET", url: (artifact?.url ?? "").replace(h.deps.config.publicUrl, "") });
    expect(res.statusCode).toBe(200);
    const manifest = JSON.parse(res.body) as unknown;
    expect(compileValidator("body", SOURCE_MANIFEST_SCHEMA)(manifest)).toEqual([]);
    return manifest as SourceManifest;
  }

  it(
    "scans the SaaS site into version 1 and a refresh into version 2, with the scan's event",
    async () => {
      const created = await h.request("POST", "/marketing/sources", {
        token: user.key,
        idempotencyKey: idem(),
        body: { url: `${saas.url}/` },
      });
      expect(created.status).toBe(202);
      const id = created.body.id as string;
      await h.drain();
      const scan = (await get(id)).body;
      expect(scan.state, JSON.stringify(scan.error)).toBe("succeeded");
      const types = scan.result.artifacts.map((a: { type: string }) => a.type);
      expect(types).toContain("source");
      expect(types).toContain("screenshot");
      const v1 = await manifestOf(scan);
      expect(v1).toMatchObject({ sourceId: id, version: 1, previousVersion: null, kind: "url", url: `${saas.url}/` });
      expect(v1.brand.name).toBe(SAAS_SITE.name);

      const op = await h.request("POST", `/marketing/sources/${id}/refresh`, {
        token: user.key,
        idempotencyKey: idem(),
        body: { expectedVersion: 1 },
      });
      expect(op.status).toBe(202);
      await h.drain();
      const refreshed = (await get(`${id}?version=latest`)).body;
      expect(refreshed).toMatchObject({ id: op.body.id, kind: "marketing.source_operation", state: "succeeded" });
      expect(await manifestOf(refreshed)).toMatchObject({ sourceId: id, version: 2, previousVersion: 1 });

      const events = await h.deps.db.kysely
        .selectFrom("webhook_events")
        .select("type")
        .where("account_id", "=", user.id)
        .execute();
      expect(events.map((e) => e.type)).toEqual(["marketing.source.succeeded"]);
    },
    SLOW,
  );
});
