import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "../../src/testutil/harness.js";

// Signed file URLs and verification links are credentials. The service logs every request (with its
// URL) and, without SMTP, handles the verification mail itself: neither may put them in the log.

const lines: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await Harness.start({
    rateStore: "memory",
    workers: false,
    config: { logLevel: "info" },
    logStream: { write: (line) => void lines.push(line) },
    outboxMail: true, // the service's own no-SMTP mailer, not the harness's in-memory one
  });
});
afterAll(() => h.close());

const logText = () => lines.join("");
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, any>);

describe("logs never hold credentials", () => {
  it("a signed file URL's signature", async () => {
    await h.deps.storage.put("tests/clip.vtt", Buffer.from("WEBVTT\n"));
    const url = new URL(h.deps.storage.signedUrl("tests/clip.vtt", 300).url);
    const sig = url.searchParams.get("sig") as string;
    expect(sig.length).toBeGreaterThan(20);

    const res = await h.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    // A wrong signature is logged the same way.
    await h.app.inject({ method: "GET", url: `${url.pathname}?expires=1&%73ig=${sig.slice(0, 20)}x` });

    expect(logText()).not.toContain(sig);
    expect(logText()).not.toContain(sig.slice(0, 20));
    const logged = entries().filter((e) => e.req?.url?.startsWith("/files/tests/clip.vtt"));
    expect(logged.map((e) => e.req.url)).toEqual([
      `/files/tests/clip.vtt?expires=${url.searchParams.get("expires")}&sig=[redacted]`,
      "/files/tests/clip.vtt?expires=1&%73ig=[redacted]",
    ]);
  });

  it("a verification token: neither the mail (written to the outbox) nor the link's requests", async () => {
    const email = "logged@example.com";
    const res = await h.request("POST", "/auth/signup", { body: { email, password: "long enough pw", name: "L" } });
    expect(res.status).toBeLessThan(300); // accepted: a mail is on its way
    const mail = h.mail.find((m) => m.to === email);
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] as string);
    const token = link.searchParams.get("token") as string;
    expect(token).toMatch(/^ver_/);

    // The log says where the mail is; the file holds the link.
    const note = entries().find((e) => e.msg?.includes("outbox") && e.to === email);
    expect(note?.file).toMatch(/outbox\/.+\.eml$/);
    expect(readFileSync(note?.file, "utf8")).toContain(link.href);

    // Open the page, then verify through its form and through the API.
    expect((await h.app.inject({ method: "GET", url: link.pathname + link.search })).statusCode).toBe(200);
    const form = await h.app.inject({
      method: "POST",
      url: link.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${token}`,
    });
    expect(form.statusCode).toBe(200);
    await h.request("POST", "/auth/verify-email", { body: { token } });

    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain(token.slice(4));
    expect(entries().some((e) => e.req?.url === "/verify-email?token=[redacted]")).toBe(true);
  });
});
