// The service on S3 storage (CLIPWRIGHT_STORAGE=s3 against the local S3 server): a stored file's URL
// points at the store (presigned) or at the API (proxy), and a store that does not answer is the spec's
// storage_unavailable (503) with nothing counted against the caller.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWav } from "../../src/media/tts/wav.js";
import { Harness } from "../../src/testutil/harness.js";
import { type S3Server, startS3Server } from "../support/s3-server.js";

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const preview = (h: Harness, token: string, text: string) =>
  h.request("POST", "/voices/preview", { token, body: { voiceId: "espeak-ng:en-us", text } });

/** A built dashboard of the test's own: the policy is what is checked, not the app. */
function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cw-web-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Clipwright</title>");
  return dir;
}

async function serviceOn(settings: ReturnType<S3Server["settings"]>, previewsPerDay = 50) {
  const h = await Harness.start({
    rateStore: "memory",
    webDir: webDir(),
    config: { storage: { backend: "s3", ...settings }, voicePreviewDaily: { perCaller: previewsPerDay, global: 5000 } },
  });
  const u = await h.account();
  return { h, token: (await h.key(u.id, ["catalog:read"])).secret };
}

describe("the service on S3 storage", () => {
  it("presigned: the audio's URL is the store's, and it serves the WAV", async () => {
    const { h, token } = await serviceOn(s3.settings({ prefix: "svc/" }));
    try {
      const res = await preview(h, token, "Stored in a bucket.");
      expect(res.status).toBe(200);
      const url = new URL(res.body.audio.url);
      expect(url.origin).toBe(s3.endpoint);
      expect(url.pathname).toMatch(new RegExp(`^/${s3.bucket}/svc/`));
      expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
      const file = await fetch(url);
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBe(res.body.audio.bytes);
      expect(parseWav(bytes)?.durationSeconds).toBeGreaterThan(0.5);
      // The dashboard may show and play files from the bucket, and from nowhere else.
      const page = await h.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
      const policy = String(page.headers["content-security-policy"]);
      expect(policy).toContain(`img-src 'self' blob: data: ${s3.endpoint};`);
      expect(policy).toContain(`media-src 'self' blob: ${s3.endpoint};`);
      expect(policy).toContain(`connect-src 'self' ${s3.endpoint};`);
      expect(policy).toContain("script-src 'self';");
    } finally {
      await h.close();
    }
  });

  it("proxy: the URL is the API's own, streamed from the bucket", async () => {
    const { h, token } = await serviceOn(s3.settings({ publicAccess: "proxy" }));
    try {
      const res = await preview(h, token, "Streamed through the API.");
      expect(res.status).toBe(200);
      const url = new URL(res.body.audio.url);
      expect(url.pathname).toMatch(/^\/files\//);
      const file = await h.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(file.statusCode).toBe(200);
      const page = await h.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
      expect(String(page.headers["content-security-policy"])).not.toContain(s3.endpoint);
      expect(file.headers["content-type"]).toBe("audio/wav");
      expect(file.rawPayload.length).toBe(res.body.audio.bytes);
    } finally {
      await h.close();
    }
  });

  it("a store that does not answer: 503 storage_unavailable, and the daily allowance is given back", async () => {
    const { h, token } = await serviceOn(s3.settings({ endpoint: "http://127.0.0.1:9" }), 1);
    try {
      // One preview a day: were the failed ones counted, the second would be rate_limited.
      for (const text of ["Nowhere to keep this.", "Nor this."]) {
        const res = await preview(h, token, text);
        expect(res.status).toBe(503);
        expect(res.body.error).toMatchObject({ code: "storage_unavailable" });
        expect(res.headers["retry-after"]).toBe("5");
        expect(res.body.error.requestId).toBe(res.headers["x-request-id"]);
      }
    } finally {
      await h.close();
    }
  });
});
