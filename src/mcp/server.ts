import { readFileSync } from "node:fs";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { MAX_JSON_DEPTH, valueNestsDeeperThan } from "../http/json-depth.js";

/**
 * The MCP server of both transports: the SDK's low-level `Server` with tools/list and tools/call.
 * (McpServer.registerTool takes Zod schemas; the tools here come from the registry's TypeBox JSON
 * Schemas, the case the SDK keeps `Server` for.) What the tools are and what a call does is the
 * backend's: the in-process pipeline (HTTP route, stdio without CLIPWRIGHT_URL) or a remote service.
 */
export interface McpBackend {
  listTools(): Promise<readonly Tool[]> | readonly Tool[];
  /** null: no such tool. */
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult | null>;
}

const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

export const SERVER_INFO = { name: "clipwright", title: "Clipwright", version: VERSION };

export const INSTRUCTIONS =
  "Clipwright makes narrated product walkthrough videos and marketing videos from live websites. Each tool is " +
  "one operation of its JSON API (tool name = operationId with '.' replaced by '_'). Tools that create work are " +
  "asynchronous: they return a job at once; poll the matching get tool until the job's state is succeeded, " +
  "failed or cancelled. Tools that change something need an idempotencyKey; reuse it only to retry the same " +
  "call. A refusal is a result with isError and {error: {code, message, details, requestId}}: act on " +
  "error.code and details (missing scopes, validation issues, wallet balance).";

// The SDK (and Zod with it) is loaded on the first MCP request, not with the app: most processes
// (workers, tests, the CLI's admin commands) never serve MCP, and the import costs about half a second.
type Sdk = Awaited<ReturnType<typeof importSdk>>;
let sdk: Promise<Sdk> | undefined;
async function importSdk() {
  const [server, http, types, ajv] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("@modelcontextprotocol/sdk/validation/ajv"),
  ]);
  return {
    Server: server.Server,
    WebStandardStreamableHTTPServerTransport: http.WebStandardStreamableHTTPServerTransport,
    types,
    // One validator for every Server: the default builds an Ajv instance per Server, i.e. per HTTP request.
    validator: new ajv.AjvJsonSchemaValidator(),
  };
}
export const loadSdk = (): Promise<Sdk> => {
  sdk ??= importSdk();
  return sdk;
};

export async function createMcpServer(backend: McpBackend): Promise<Server> {
  const { Server, types, validator } = await loadSdk();
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
  });
  server.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [...(await backend.listTools())] }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    // Over HTTP the body parser has refused such nesting already; over stdio the SDK parsed the line
    // itself, and arguments this deep would overflow the stack when they are encoded for the call.
    if (valueNestsDeeperThan(args, MAX_JSON_DEPTH)) {
      throw new types.McpError(
        types.ErrorCode.InvalidParams,
        `Tool arguments nest deeper than ${MAX_JSON_DEPTH} levels.`,
      );
    }
    const result = await backend.callTool(request.params.name, args, extra.signal);
    if (!result) throw new types.McpError(types.ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return result;
  });
  return server;
}
