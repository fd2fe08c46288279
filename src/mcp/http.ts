import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from "fastify";
import { type ValidationIssue, validationFailed } from "../contract/errors.js";
import { checkMediaType, hasBody, limitStream, MCP_BODY_LIMIT, payloadTooLarge } from "../http/body.js";
import type { HttpContext } from "../http/context.js";
import { errorBody } from "../http/error-handler.js";
import type { RateWindow } from "../http/rate-limit/limiter.js";
import type { Actor } from "../operations/actor.js";
import type { MountedOperation } from "../operations/define.js";
import { API_PREFIX } from "../operations/registry.js";
import { type CallTarget, callTool } from "./call.js";
import { uncountedMessages } from "./envelope-cost.js";
import { createMcpServer, loadSdk, type McpBackend } from "./server.js";
import { buildToolset, type Toolset } from "./tools.js";

export const MCP_PATH = `${API_PREFIX}/mcp`;

/** What an app's MCP endpoint serves, for the in-process stdio transport to serve the same. */
export interface AppMcp {
  toolset: Toolset;
  /** Sent by in-process calls to be treated as MCP (1 MB bodies): see installConventions. */
  internalSecret: string;
  now: () => number;
}

/** Headers that carry the credential, forwarded to every call exactly as received. */
const CREDENTIAL_HEADERS = ["authorization", "x-api-key"] as const;

/** In-process backend: the app's own tools, each call through app.inject with the caller's credential. */
export function pipelineBackend(mcp: AppMcp, app: FastifyInstance, target: Omit<CallTarget, "app" | "internalSecret">) {
  let lastWindow: RateWindow | null = null;
  const backend: McpBackend & { lastWindow(): RateWindow | null } = {
    listTools: () => mcp.toolset.list,
    async callTool(name, args) {
      const tool = mcp.toolset.byName.get(name);
      if (!tool) return null;
      const { result, window } = await callTool(
        tool,
        args,
        { ...target, app, internalSecret: mcp.internalSecret },
        mcp.now,
      );
      lastWindow = window;
      return result;
    },
    lastWindow: () => lastWindow,
  };
  return backend;
}

/**
 * Streamable HTTP at POST /api/v1/mcp, stateless (a Server and transport per request, JSON answers,
 * no sessions, no server-sent stream). The credential rules and refusals are the API's: a request
 * without a valid credential is the spec's 401 (metered per IP like every unauthenticated failure).
 * Every message counts against the caller's read budget, tool calls as their operation's class.
 */
export function mountMcp(
  app: FastifyInstance,
  deps: HttpContext,
  internalSecret: string,
  ops: MountedOperation[],
): AppMcp {
  const mcp: AppMcp = { toolset: buildToolset(ops), internalSecret, now: () => deps.clock.now().getTime() };

  app.route({
    // CONNECT reaches the router only because the app routes it (framework-errors.ts): refused below.
    method: ["GET", "POST", "DELETE", "CONNECT"],
    url: MCP_PATH,
    bodyLimit: MCP_BODY_LIMIT + 1, // enforced below with the spec's refusal
    onRequest: async (req) => {
      await authenticate(deps, req);
      // The RateLimit-* headers of an answer that made no call describe the credential's read window.
      req.cw.rateClass = "read";
    },
    preParsing: checkEnvelope,
    handler: async (req, reply) => {
      if (req.method !== "POST") {
        // Stateless: no server-initiated stream (GET), no session to end (DELETE), no tunnel (CONNECT).
        const issue = { path: "method", code: "method_not_allowed", message: "must be POST" };
        return refuseTransport(req, reply, 405, issue, { Allow: "POST" });
      }
      if (!acceptsMcpAnswers(req.headers.accept)) {
        const message = "must list both application/json and text/event-stream";
        return refuseTransport(req, reply, 406, { path: "header.Accept", code: "not_acceptable", message });
      }
      // Messages the server answers itself are read requests of their own: counted (each message of
      // a batch) before any is served, and a batch the budget cannot cover is refused whole (429).
      const hits = uncountedMessages(req.body, mcp.toolset);
      if (hits > 0) req.cw.window = await deps.limiter.consume(req.cw.actor as Actor, "read", hits);
      return serve(mcp, app, req, reply);
    },
  });
  return mcp;
}

/**
 * The Streamable HTTP rule (the SDK's transport checks the same words, and answers a JSON-RPC error):
 * a POST's Accept lists both JSON and the event stream, whichever of them the answer turns out to be.
 */
function acceptsMcpAnswers(accept: string | undefined): boolean {
  return accept?.includes("application/json") === true && accept.includes("text/event-stream");
}

/**
 * The transport's own refusals, made before any message is read: the spec's error body (request id,
 * the usual headers from the conventions' onSend) rather than the SDK's JSON-RPC error, under HTTP's
 * status, which is what MCP clients act on. The catalogue has no code for 405 or 406, so the code is
 * `validation_failed` and its one issue names the method or the Accept header (decision 0014).
 */
function refuseTransport(
  req: FastifyRequest,
  reply: FastifyReply,
  status: 405 | 406,
  issue: ValidationIssue,
  headers: Record<string, string> = {},
) {
  return reply
    .code(status)
    .headers(headers)
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(errorBody(validationFailed([issue]), req.id)));
}

async function serve(mcp: AppMcp, app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const credential: Record<string, string> = {};
  for (const name of CREDENTIAL_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") credential[name] = value;
  }
  const backend = pipelineBackend(mcp, app, { credential, remoteAddress: req.ip, requestId: req.id });
  const { WebStandardStreamableHTTPServerTransport } = await loadSdk();
  const server = await createMcpServer(backend);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  // Only what the transport reads: the body is already parsed (and size-checked) by Fastify.
  const headers = new Headers();
  for (const name of ["accept", "content-type", "mcp-protocol-version"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  // In JSON-response mode the answer is complete when handleRequest resolves: nothing is left open
  // (no stream, no timer, no session), so the pair is left to the garbage collector rather than
  // closed (closing rejects pending requests, of which there are none, with an error it builds anyway).
  const response = await transport.handleRequest(
    new Request(`http://localhost${MCP_PATH}`, { method: "POST", headers }),
    { parsedBody: req.body },
  );
  const window = backend.lastWindow();
  if (window) req.cw.window = window;
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  const text = await response.text();
  return text ? reply.send(text) : reply.send();
}

/**
 * 415 and 413 before the envelope is read. The MCP body limit applies to the JSON-RPC body as sent:
 * whatever a tool call's arguments hold, a request over it is refused here, before any message runs.
 */
async function checkEnvelope(req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) {
  if (!hasBody(req.headers)) return payload;
  checkMediaType(req.headers);
  const length = req.headers["content-length"];
  if (length !== undefined) {
    if (Number(length) > MCP_BODY_LIMIT) throw payloadTooLarge(MCP_BODY_LIMIT);
    return payload; // Fastify refuses a body longer than its Content-Length
  }
  return payload.pipe(limitStream(MCP_BODY_LIMIT));
}

async function authenticate(deps: HttpContext, req: FastifyRequest): Promise<void> {
  try {
    req.cw.actor = await deps.auth.authenticate(req.headers);
  } catch (err) {
    const { window, refusal } = await deps.limiter.failUnauthenticated(req.ip);
    req.cw.window = window;
    throw refusal ?? err;
  }
}
