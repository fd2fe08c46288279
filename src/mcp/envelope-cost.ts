import type { Toolset } from "./tools.js";

/**
 * How many read hits a POSTed JSON-RPC body costs before it is served: one per message, except a
 * tool call that will run (it goes through the HTTP pipeline, which counts it as its operation). A
 * message counts as such a call only when the server will forward it: a request (it has an id) to
 * tools/call naming a tool of this app with object arguments. Anything else the server answers
 * itself (initialize, ping, tools/list, notifications, unknown tools, malformed messages), so it is
 * counted here. A body holding no message at all (an empty batch) still costs one.
 */
export function uncountedMessages(body: unknown, toolset: Toolset): number {
  const messages = Array.isArray(body) ? body : [body];
  const hits = messages.filter((m) => !isForwardedCall(m, toolset)).length;
  return messages.length === 0 ? 1 : hits;
}

function isForwardedCall(message: unknown, toolset: Toolset): boolean {
  if (!isObject(message) || message.jsonrpc !== "2.0" || message.method !== "tools/call") return false;
  if (typeof message.id !== "string" && typeof message.id !== "number") return false;
  const params = message.params;
  if (!isObject(params) || typeof params.name !== "string" || !toolset.byName.has(params.name)) return false;
  return params.arguments === undefined || isObject(params.arguments);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
