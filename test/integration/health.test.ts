// GET /healthz and GET /readyz: no credential, nothing secret, and readiness follows the database, the
// file store (and Redis when configured) and the process's draining.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { Harness } from "../../src/testutil/harness.js";
import { type S3Server, startS3Server } from "../support/s3-server.js";

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const get = (h: Harness, url: string) => h.app.inject({ method: "GET", url });

describe("health and readiness", () => {
  it("answers up and ready without a credential, naming only its dependencies", async () => {
    const h = await Harness.start({});
    try {
      const up = await get(h, "/healthz");
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: "ok" });
      const ready = await get(h, "/readyz");
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
      expect(ready.body).not.toMatch(/postgres:|redis:|password|secret|\/tmp\//i);
    } finally {
      await h.close();
    }
  });

  it("is not ready while the file store does not answer, nor while draining", async () => {
    const h = await Harness.start({
      config: { storage: { backend: "s3", ...s3.settings({ endpoint: "http://127.0.0.1:9" }) } },
    });
    try {
      const down = await get(h, "/readyz");
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "not_ready", checks: { database: "ok", storage: "failing" } });
      expect((await get(h, "/healthz")).statusCode).toBe(200);
    } finally {
      await h.close();
    }
    const g = await Harness.start({ config: { storage: { backend: "s3", ...s3.settings() } } });
    try {
      expect((await get(g, "/readyz")).json()).toMatchObject({ status: "ready", checks: { storage: "ok" } });
      g.built.lifecycle.draining = true;
      const draining = await get(g, "/readyz");
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: "draining" });
    } finally {
      await g.close();
    }
  });

  it.runIf(process.env.REDIS_URL)("checks Redis when the service uses it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cw-ready-"));
    const { app } = await buildApp({
      config: loadConfig({ CLIPWRIGHT_ENV: "test", CLIPWRIGHT_DATA_DIR: dir, REDIS_URL: process.env.REDIS_URL }),
    });
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok", redis: "ok" } });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
