import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "../../src/testutil/harness.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory", workers: false });
  user = await h.user();
});
afterAll(() => h.close());

const inject = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: "GET", url, headers });

describe("security headers", () => {
  it("X-Content-Type-Options: nosniff on every kind of answer", async () => {
    await h.deps.storage.put("tests/headers.vtt", Buffer.from("WEBVTT\n"));
    const file = new URL(h.deps.storage.signedUrl("tests/headers.vtt", 60).url);
    const answers = {
      json: await inject("/api/v1/account", { authorization: `Bearer ${user.key}` }),
      unauthorized: await inject("/api/v1/account"),
      unknownRoute: await inject("/api/v1/no-such-thing"),
      openapi: await inject("/api/v1/openapi.json"),
      file: await inject(file.pathname + file.search),
      badSignature: await inject(`${file.pathname}?expires=1&sig=nope`),
      page: await inject("/verify-email?token=ver_abc"),
    };
    expect(answers.json.statusCode).toBe(200);
    expect(answers.unauthorized.statusCode).toBe(401);
    expect(answers.unknownRoute.statusCode).toBe(404);
    expect(answers.file.statusCode).toBe(200);
    expect(answers.file.body).toBe("WEBVTT\n");
    expect(answers.badSignature.statusCode).toBe(404);
    expect(answers.page.statusCode).toBe(200);
    for (const [kind, res] of Object.entries(answers)) {
      expect(res.headers["x-content-type-options"], kind).toBe("nosniff");
      expect(res.headers["strict-transport-security"], kind).toBeUndefined(); // not production over https
    }
    // Page-only headers stay off the API's answers.
    expect(answers.json.headers["x-frame-options"]).toBeUndefined();
  });

  it("HTML answers: no framing, no Referer, their own browsing context, a CSP", async () => {
    const page = await inject("/verify-email?token=ver_abc");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(page.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });

  it("Strict-Transport-Security only in production behind an https public URL", async () => {
    const config = { vaultKey: randomBytes(32).toString("base64"), allowPrivateHosts: [] };
    const prod = await Harness.start({
      workers: false,
      config: { ...config, env: "production", publicUrl: "https://clips.example.com" },
    });
    const plain = await Harness.start({
      workers: false,
      config: { ...config, env: "production", publicUrl: "http://clips.example.com" },
    });
    try {
      const secure = await prod.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
      expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000");
      expect(secure.headers["x-content-type-options"]).toBe("nosniff");
      const insecure = await plain.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
      expect(insecure.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await prod.close();
      await plain.close();
    }
  });
});
