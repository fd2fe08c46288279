import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Env } from "../../src/config.js";
import { Harness } from "../../src/testutil/harness.js";

// A developer reads the log at a terminal: in development each request is a short line, not a JSON
// object. Production keeps one JSON object per line for log collectors. Both redact signed URLs.

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The service in `env`, logging at info into an array; one signed-file request and one API request. */
async function logsOf(env: Env): Promise<{ lines: string[]; sig: string }> {
  const lines: string[] = [];
  h = await Harness.start({
    rateStore: "memory",
    workers: false,
    // Production refuses to start without a vault key and an unsandboxed browser.
    config: { env, logLevel: "info", vaultKey: randomBytes(32).toString("base64") },
    logStream: { write: (line) => void lines.push(line) },
  });
  await h.deps.storage.put("logs/clip.vtt", Buffer.from("WEBVTT\n"));
  const url = new URL(h.deps.storage.signedUrl("logs/clip.vtt", 300).url);
  expect((await h.app.inject({ method: "GET", url: url.pathname + url.search })).statusCode).toBe(200);
  expect((await h.request("GET", "/account")).status).toBe(401);
  return { lines, sig: url.searchParams.get("sig") as string };
}

const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

describe("request logs", () => {
  it("in development: one readable line per event, with method, path, status and request id", async () => {
    const { lines, sig } = await logsOf("development");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter(isJson)).toEqual([]);
    const text = lines.join("");
    expect(text).toMatch(/INFO.*: req_\S+ GET \/api\/v1\/account incoming request\n/);
    expect(text).toMatch(/INFO.*: req_\S+ 401 in \d+\.\d ms request completed\n/);
    // The redaction serializer runs before the pretty printer.
    expect(text).toContain("GET /files/logs/clip.vtt?expires=");
    expect(text).toContain("sig=[redacted]");
    expect(text).not.toContain(sig);
  });

  it("in production: one JSON object per line", async () => {
    const { lines, sig } = await logsOf("production");
    expect(lines.length).toBeGreaterThan(0);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, any>);
    expect(entries.some((e) => e.req?.method === "GET" && e.req?.url === "/api/v1/account")).toBe(true);
    expect(entries.some((e) => e.res?.statusCode === 401)).toBe(true);
    expect(lines.join("")).not.toContain(sig);
  });
});
