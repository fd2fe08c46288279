import { PassThrough } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/http/json-depth.js";
import { MCP_PATH, pipelineBackend } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { Harness, idem, type TestResponse } from "../../src/testutil/harness.js";
import { refusalHeaderNames } from "../support/refusal-headers.js";

// Inputs that used to crash a request (500) or leak the stack or the input itself: JSON nested
// thousands deep, query numbers Number() accepts but no person means, and paths Fastify's router
// refuses before any hook runs. Each must be the spec's 400 with the usual headers.

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;

beforeAll(async () => {
  h = await Harness.start({ workers: false });
  user = await h.user();
});
afterAll(() => h.close());

/** A refusal as every answer of the API looks: the spec's body, its request id, the headers. */
function expectRefusal(res: Pick<TestResponse, "status" | "headers" | "body">, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(["error"]);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.message).toEqual(expect.any(String));
  expect(res.body.error.requestId).toBe(res.headers["x-request-id"]);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) {
    expect(Number(res.headers[name]), name).toBeGreaterThanOrEqual(0);
  }
  return res.body.error;
}

const issuesOf = (res: TestResponse) => res.body.error.details.issues as { path: string; code: string }[];
const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;

describe("JSON nested too deep", () => {
  const postWebhook = (body: string) =>
    h.request("POST", "/webhooks", { token: user.key, idempotencyKey: idem(), body });

  it(`is 400 too_deep past ${MAX_JSON_DEPTH} levels, even thousands deep (was a 500)`, async () => {
    for (const body of [
      `{"url":${arrays(2000)}}`,
      `{"url":${objects(5000)}}`,
      `{"url":${arrays(MAX_JSON_DEPTH)}}`,
      arrays(100_000),
    ]) {
      const res = await postWebhook(body);
      expectRefusal(res, 400, "validation_failed");
      expect(issuesOf(res)).toEqual([{ path: "body", code: "too_deep", message: expect.any(String) }]);
    }
  });

  it("counts brackets inside strings as text, and lets the schema judge a body within the limit", async () => {
    const res = await postWebhook(JSON.stringify({ url: "[".repeat(5000), events: [[[]]] }));
    expectRefusal(res, 400, "validation_failed");
    expect(issuesOf(res).map((i) => i.code)).not.toContain("too_deep");
    const atLimit = await postWebhook(`{"url":${arrays(MAX_JSON_DEPTH - 1)}}`);
    expect(issuesOf(atLimit).map((i) => i.path)).toContain("body.url");
  });

  it("is refused the same way on the sign-in routes, which share the one body parser", async () => {
    const res = await h.request("POST", "/auth/sessions", { body: `{"email":${objects(3000)}}` });
    expectRefusal(res, 400, "validation_failed");
    expect(issuesOf(res)[0]?.code).toBe("too_deep");
  });

  it("over MCP's HTTP endpoint, is the body parser's refusal and never a stack overflow", async () => {
    const envelope = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"webhooks_create","arguments":{"idempotencyKey":"k1","events":["render.succeeded"],"url":${arrays(5000)}}}}`;
    const res = await h.app.inject({
      method: "POST",
      url: MCP_PATH,
      headers: {
        authorization: `Bearer ${user.key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      payload: envelope,
    });
    expect(res.body).not.toMatch(/stack/i);
    const refused = expectRefusal(
      { status: res.statusCode, headers: res.headers, body: res.json() },
      400,
      "validation_failed",
    );
    expect(refused.details.issues[0].code).toBe("too_deep");
  });

  it("over stdio (the SDK parses the line itself), is JSON-RPC invalid params, never a stack overflow", async () => {
    // The transport and backend `clipwright mcp` runs in process, on in-memory pipes.
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const server = await createMcpServer(
      pipelineBackend(h.built.mcp, h.app, { credential: { authorization: `Bearer ${user.key}` } }),
    );
    await server.connect(new StdioServerTransport(stdin, stdout));
    const answers: string[] = [];
    let buffered = "";
    const answered = new Promise<void>((resolve) => {
      stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        answers.push(...lines);
        if (answers.length >= 2) resolve();
      });
    });
    const call = (id: number, url: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"webhooks_create","arguments":{"idempotencyKey":"k${id}","events":["render.succeeded"],"url":${url}}}}\n`;
    stdin.write(call(1, arrays(20_000)));
    stdin.write(call(2, arrays(3)));
    await answered;
    await server.close();
    const [deep, shallow] = answers.map((line) => JSON.parse(line));
    expect(deep).toMatchObject({ id: 1, error: { code: -32602 } });
    expect(deep.error.message).not.toMatch(/stack/i);
    // Within the limit the call reaches the pipeline, whose schema refuses it as a tool result.
    expect(shallow.id).toBe(2);
    expect(shallow.result.isError).toBe(true);
    expect(shallow.result.structuredContent.error.code).toBe("validation_failed");
  });
});

/** One tools/call over MCP's HTTP endpoint; the JSON-RPC answer. */
async function mcpCall(name: string, args: Record<string, unknown>) {
  const res = await h.app.inject({
    method: "POST",
    url: MCP_PATH,
    headers: {
      authorization: `Bearer ${user.key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    payload: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  return res.json() as { result?: { structuredContent: any }; error?: { code: number; message: string } };
}

describe("text a database cannot store", () => {
  it("U+0000 in a string or a field name is 400 nul_character (was a 500 on PostgreSQL)", async () => {
    const named = await h.request("POST", "/templates", {
      token: user.key,
      idempotencyKey: idem(),
      body: { name: "a\u0000b", options: {} },
    });
    expectRefusal(named, 400, "validation_failed");
    expect(issuesOf(named)).toEqual([{ path: "body.name", code: "nul_character", message: expect.any(String) }]);
    const key = await h.request("POST", "/templates", {
      token: user.key,
      idempotencyKey: idem(),
      body: '{"name":"n","options":{"x\\u0000":1}}',
    });
    expect(issuesOf(key)[0]).toMatchObject({ path: "body.options", code: "nul_character" });
    const signIn = await h.request("POST", "/auth/sessions", { body: { email: "a\u0000@example.com", password: "x" } });
    expect(issuesOf(signIn)[0]).toMatchObject({ path: "body.email", code: "nul_character" });
    const id = await h.request("GET", "/templates/a%00b", { token: user.key });
    expect(issuesOf(id)[0]).toMatchObject({ path: "path.id", code: "nul_character" });
  });

  it("an Idempotency-Key with control characters is refused, over MCP too (was a 500 on PostgreSQL)", async () => {
    const res = await h.request("POST", "/templates", {
      token: user.key,
      headers: { "idempotency-key": "a\u0000b" },
      body: { name: "n", options: {} },
    });
    expectRefusal(res, 400, "validation_failed");
    expect(issuesOf(res)[0]).toMatchObject({ path: "header.Idempotency-Key", code: "control_character" });
    const call = await mcpCall("templates_create", { idempotencyKey: "a\u0000b", name: "n", options: {} });
    expect(call.result?.structuredContent.error.details.issues[0]).toMatchObject({ code: "control_character" });
  });

  it("half a character in an MCP path argument is the router's refusal (was JSON-RPC 'URI malformed')", async () => {
    const call = await mcpCall("templates_get", { id: "a\ud800" });
    expect(call.error).toBeUndefined();
    expect(call.result?.structuredContent.error).toMatchObject({
      code: "validation_failed",
      details: { issues: [{ path: "path", code: "malformed_encoding" }] },
    });
  });
});

describe("numbers in a query string", () => {
  const list = (limit: string) => h.request("GET", `/webhooks?limit=${encodeURIComponent(limit)}`, { token: user.key });

  it("are decimal digits only: what else Number() reads is refused on query.limit (Infinity was a 500)", async () => {
    for (const limit of ["Infinity", "-Infinity", "NaN", "1e400", "1e1", "0x10", "0b11", " 5", "5 ", "+5", "5.0", ""]) {
      const res = await list(limit);
      expectRefusal(res, 400, "validation_failed");
      expect(issuesOf(res), limit).toEqual([{ path: "query.limit", code: "type", message: expect.any(String) }]);
    }
  });

  it("keeps range checks for digits past a safe integer, and accepts plain decimals", async () => {
    expect(issuesOf(await list("99999999999999999999"))[0]?.path).toBe("query.limit");
    expect(issuesOf(await list("101"))).toEqual([
      { path: "query.limit", code: "maximum", message: expect.any(String) },
    ]);
    expect(issuesOf(await list("0"))).toEqual([{ path: "query.limit", code: "minimum", message: expect.any(String) }]);
    expect((await list("7")).status).toBe(200);
    expect((await list("007")).status).toBe(200);
  });

  it("reports a bad number together with the query's other issues", async () => {
    const res = await h.request("GET", "/webhooks?limit=Infinity&cursor=&extra=1", { token: user.key });
    expect(
      issuesOf(res)
        .map((i) => i.path)
        .sort(),
    ).toEqual(["query.cursor", "query.extra", "query.limit"]);
  });
});

describe("refusals made before routing", () => {
  const raw = (url: string, headers: Record<string, string> = {}) =>
    h.app
      .inject({ method: "GET", url, headers: { authorization: `Bearer ${user.key}`, ...headers } })
      .then((r) => ({ status: r.statusCode, headers: r.headers, body: r.json(), text: r.body }));

  it("carry every header an ordinary refusal carries", async () => {
    const names = await refusalHeaderNames(h.app);
    expect(names).toEqual(expect.arrayContaining(["x-request-id", "cache-control", "ratelimit-limit"]));
    for (const url of ["/api/v1/webhooks/%zz", `/api/v1/webhooks/${"x".repeat(101)}`]) {
      const res = await raw(url);
      for (const name of names) expect(res.headers[name], `${name} on ${url}`).toBeDefined();
    }
  });

  it("a path that is not valid percent-encoding is the spec's 400, without the path (was Fastify's own body)", async () => {
    for (const segment of ["%zzsecret-token", "%E0%A4%Asecret-token", "secret-token%"]) {
      const res = await raw(`/api/v1/webhooks/${segment}`, { "x-request-id": "trace-bad-url" });
      const error = expectRefusal(res, 400, "validation_failed");
      expect(error.details.issues).toEqual([{ path: "path", code: "malformed_encoding", message: expect.any(String) }]);
      expect(res.text).not.toContain("secret-token");
      expect(res.headers["x-request-id"]).toBe("trace-bad-url");
    }
  });

  it("an over-long path segment is the spec's 400, without the segment (was a 414 quoting it)", async () => {
    const res = await raw(`/api/v1/webhooks/${"secret".repeat(40)}`);
    const error = expectRefusal(res, 400, "validation_failed");
    expect(error.details.issues[0]).toMatchObject({ path: "path", code: "max_length" });
    expect(res.text).not.toContain("secretsecret");
  });

  it("an unknown route or method is the spec's 404", async () => {
    expectRefusal(await raw("/api/v1/no-such-thing/%41"), 404, "not_found");
    const propfind = await h.app.inject({ method: "PROPFIND" as "GET", url: "/api/v1/webhooks" });
    expectRefusal({ status: propfind.statusCode, headers: propfind.headers, body: propfind.json() }, 404, "not_found");
  });
});
