import { mkdirSync } from "node:fs";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { buildApp } from "../app.js";
import { type Config, ConfigError } from "../config.js";
import { messageOf } from "../contract/error-codes.js";
import { startWorkers } from "../workers.js";
import { MCP_PATH, pipelineBackend } from "./http.js";
import { createMcpServer, type McpBackend, SERVER_INFO } from "./server.js";

/**
 * `clipwright mcp`: MCP over stdio with the credential in CLIPWRIGHT_API_KEY.
 *  - CLIPWRIGHT_URL set: a bridge to that service's Streamable HTTP endpoint (POST /api/v1/mcp), so
 *    the tools, limits and refusals are exactly the remote service's.
 *  - not set: the service runs in this process on the data dir (API pipeline and workers, no port),
 *    and every call goes through its pipeline with app.inject, as the HTTP endpoint's do.
 * stdout carries the protocol only; everything else goes to stderr.
 */
export async function runStdio(config: Config): Promise<void> {
  const { apiKey: key, serviceUrl: base } = config.mcpStdio;
  if (!key) {
    throw new ConfigError(
      "CLIPWRIGHT_API_KEY is not set: give the MCP server an API key (svc_live_…) created in the dashboard " +
        "or with `clipwright admin create-key`",
    );
  }
  const backend = base ? await remoteBackend(base, key) : await inProcessBackend(config, key);

  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = await createMcpServer(backend);
  await server.connect(new StdioServerTransport());
  process.stderr.write(`Clipwright MCP server on stdio: ${backend.describe}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close().catch(() => undefined);
    await backend.close().catch((err: unknown) => process.stderr.write(`shutdown: ${String(err)}\n`));
    process.exit(0);
  };
  process.stdin.once("end", stop);
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

interface StdioBackend extends McpBackend {
  describe: string;
  close(): Promise<void>;
}

async function inProcessBackend(config: Config, key: string): Promise<StdioBackend> {
  mkdirSync(config.dataDir, { recursive: true });
  // Silent: the logger writes to stdout, which belongs to the protocol here.
  const { app, deps, mcp } = await buildApp({ config: { ...config, logLevel: "silent" } });
  const workers = startWorkers(deps);
  const backend = pipelineBackend(mcp, app, { credential: { authorization: `Bearer ${key}` } });
  return {
    describe: `in-process service on ${config.databaseUrl ? "DATABASE_URL" : config.dataDir}`,
    listTools: backend.listTools,
    callTool: backend.callTool,
    async close() {
      await workers.close();
      await app.close();
    },
  };
}

/** CLIPWRIGHT_URL may be the service's base URL or its /api/v1. */
export function mcpUrl(base: string): URL {
  const root = base.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
  return new URL(`${root}${MCP_PATH}`);
}

async function remoteBackend(base: string, key: string): Promise<StdioBackend> {
  const [{ Client }, { StreamableHTTPClientTransport, StreamableHTTPError }, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  const url = mcpUrl(base);
  // Connected on first use, so this server answers `initialize` even while the service is still starting.
  let connecting: Promise<InstanceType<typeof Client>> | undefined;
  const connect = () => {
    connecting ??= (async () => {
      const client = new Client({ name: `${SERVER_INFO.name}-stdio`, version: SERVER_INFO.version });
      await client.connect(
        new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
      );
      return client;
    })().catch((err: unknown) => {
      connecting = undefined;
      throw err;
    });
    return connecting;
  };

  /** The service's refusal (its JSON error body) or, when it could not be reached, service_unavailable. */
  const refusal = (err: unknown): CallToolResult => {
    if (err instanceof StreamableHTTPError) {
      const json = err.message.slice(err.message.indexOf("{"));
      try {
        const body = JSON.parse(json) as Record<string, unknown>;
        return { content: [{ type: "text", text: json }], structuredContent: body, isError: true };
      } catch {
        /* not the service's error body: reported below */
      }
    }
    const body = {
      error: {
        code: "service_unavailable",
        message: messageOf("service_unavailable"),
        details: { reason: "unreachable", url: url.href, cause: err instanceof Error ? err.message : String(err) },
        requestId: null,
      },
    };
    return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body, isError: true };
  };

  return {
    describe: `forwarding to ${url.href}`,
    async listTools() {
      const client = await connect();
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.request(
          { method: "tools/list", params: cursor ? { cursor } : {} },
          types.ListToolsResultSchema,
        );
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    },
    async callTool(name, args, signal) {
      try {
        const client = await connect();
        return await client.request(
          { method: "tools/call", params: { name, arguments: args } },
          types.CallToolResultSchema,
          { signal },
        );
      } catch (err) {
        if (err instanceof types.McpError) throw err; // the service's own JSON-RPC error (unknown tool…)
        return refusal(err);
      }
    },
    async close() {
      const client = await connecting?.catch(() => undefined);
      await client?.close();
    },
  };
}
