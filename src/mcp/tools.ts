import type { TObject, TSchema } from "@sinclair/typebox";
import type { MountedOperation } from "../operations/define.js";
import { acceptsApiKey, takesBody } from "../operations/refusals.js";
import { toolName } from "../operations/registry.js";
import { SPENDING_SCOPES } from "../operations/scopes.js";

/**
 * The MCP tool list, derived from the operations an app mounted (never listed by hand): one tool per
 * operation a key can call. Its input is the operation's path, query and body merged into one object
 * (plus `idempotencyKey` where the operation needs one); a call is split back into those parts by
 * src/mcp/call.ts and sent through the HTTP pipeline.
 */

export type JsonSchema = Record<string, unknown>;

/** The argument that carries the Idempotency-Key header (spec: Conventions, Idempotency). */
export const IDEMPOTENCY_ARGUMENT = "idempotencyKey";

/** A tool as tools/list shows it (the MCP `Tool` shape). */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: {
    type: "object";
    properties: Record<string, JsonSchema>;
    required?: string[];
    additionalProperties: false;
  };
  outputSchema?: { type: "object"; anyOf: JsonSchema[] };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
  };
}

export interface McpTool {
  definition: ToolDefinition;
  op: MountedOperation;
  /** Where each argument goes. Names are unique across the three (checked when the list is built). */
  path: readonly string[];
  query: ReadonlySet<string>;
  body: ReadonlySet<string>;
}

export interface Toolset {
  tools: readonly McpTool[];
  byName: ReadonlyMap<string, McpTool>;
  /** The tools/list answer, built once. */
  list: readonly ToolDefinition[];
}

/** JSON Schema as plain JSON: TypeBox's symbol keys and `undefined`s stripped (a copy, safe to edit). */
const plain = (s: TSchema): JsonSchema => JSON.parse(JSON.stringify(s)) as JsonSchema;

const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** Body-level keywords the merged object can carry as they are; any other rule stays the server's. */
const MERGEABLE = new Set(["type", "properties", "required", "additionalProperties", "description", "title"]);

export function buildToolset(operations: readonly MountedOperation[]): Toolset {
  const callable = operations.filter((m) => acceptsApiKey(m.row));
  const gets = callable.filter((m) => m.row.method === "GET");
  const tools = callable.map((op) => buildTool(op, gets));
  const byName = new Map<string, McpTool>();
  for (const tool of tools) {
    const clash = byName.get(tool.definition.name);
    if (clash) {
      throw new Error(`MCP tool name ${tool.definition.name} is shared by ${clash.op.row.id} and ${tool.op.row.id}`);
    }
    byName.set(tool.definition.name, tool);
  }
  return { tools, byName, list: tools.map((t) => t.definition) };
}

function buildTool(op: MountedOperation, gets: readonly MountedOperation[]): McpTool {
  const { row, impl } = op;
  const name = toolName(row.id);
  const properties: Record<string, JsonSchema> = {};
  const origin = new Map<string, string>();
  const required: string[] = [];
  // Two parts naming the same argument could not be told apart in a call: refuse to build the list.
  const add = (arg: string, where: string, schema: JsonSchema, isRequired: boolean) => {
    const taken = origin.get(arg);
    if (taken) {
      throw new Error(`MCP tool ${name} (${row.id}): argument "${arg}" is both a ${taken} and a ${where}`);
    }
    origin.set(arg, where);
    properties[arg] = schema;
    if (isRequired) required.push(arg);
  };

  const path = pathParams(row.path);
  for (const p of path) {
    const schema = impl.params?.properties[p];
    const json = schema ? plain(schema as TSchema) : { type: "string" };
    json.description ??= `Path parameter: the {${p}} of ${row.path}.`;
    add(p, "path parameter", json, true);
  }
  for (const extra of Object.keys(impl.params?.properties ?? {})) {
    if (!path.includes(extra)) throw new Error(`${row.id}: params schema names "${extra}", which ${row.path} lacks`);
  }
  const query = partArguments(impl.query, "query parameter", add);
  const body = takesBody(row) ? partArguments(impl.body, "body field", add) : new Set<string>();
  if (row.idempotent) {
    add(
      IDEMPOTENCY_ARGUMENT,
      "the Idempotency-Key",
      {
        type: "string",
        minLength: 1,
        maxLength: 128,
        description:
          "Idempotency-Key of the call: new for each intended action. Retrying with the same key and the same " +
          "arguments returns the stored result (it never acts twice); the same key with other arguments is " +
          "refused with idempotency_conflict.",
      },
      true,
    );
  }

  const definition: ToolDefinition = {
    name,
    title: impl.summary,
    description: describe(op, gets),
    inputSchema: {
      type: "object",
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties: false,
    },
    ...outputSchema(op),
    annotations: {
      title: impl.summary,
      // renders.quote and the like are POSTs that create and spend nothing (read class).
      readOnlyHint: row.method === "GET" || row.rateClass === "read",
      destructiveHint: row.method === "DELETE" || row.method === "PUT" || row.method === "PATCH",
      idempotentHint: row.method === "GET" || row.idempotent,
    },
  };
  return { definition, op, path, query, body };
}

function partArguments(
  schema: TObject | undefined,
  where: string,
  add: (arg: string, where: string, schema: JsonSchema, required: boolean) => void,
): Set<string> {
  const names = new Set<string>();
  if (!schema) return names;
  const required = new Set(schema.required ?? []);
  for (const [arg, s] of Object.entries(schema.properties)) {
    add(arg, where, plain(s as TSchema), required.has(arg));
    names.add(arg);
  }
  return names;
}

/**
 * The spec's error body as a refusal's structuredContent. `code` is left open: the catalogue's enum
 * (ErrorBodySchema's) would add kilobytes to every tool of the list, and a client validating against
 * a narrower per-operation list would reject a refusal it should have been shown.
 */
const ERROR_OUTPUT: JsonSchema = {
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "requestId"],
      additionalProperties: false,
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        details: { type: "object" },
        requestId: { type: ["string", "null"] },
      },
    },
  },
};

/** Success shapes, or the spec's error body: refusals carry it as structuredContent too. */
function outputSchema({ impl }: MountedOperation): Pick<ToolDefinition, "outputSchema"> {
  const shapes = new Map<string, JsonSchema>();
  for (const schema of Object.values(impl.responses)) {
    const json = plain(schema);
    if (json.type !== "object") return {}; // not an object (no body): text only, no declared output
    shapes.set(JSON.stringify(json), json);
  }
  if (shapes.size === 0) return {};
  return { outputSchema: { type: "object", anyOf: [...shapes.values(), ERROR_OUTPUT] } };
}

/** What a model needs to call the tool well: what it does, what it needs, what it costs, what comes back. */
function describe(op: MountedOperation, gets: readonly MountedOperation[]): string {
  const { row, impl } = op;
  const spends = row.scopes.some((s) => SPENDING_SCOPES.includes(s));
  const parts = [
    `${impl.summary.replace(/\.$/, "")}. ${impl.description}`,
    `Scopes: ${row.scopes.join(", ")}${row.scopes.length > 1 ? " (all of them)" : ""}.`,
    spends ? "Spends video seconds from the wallet." : "Spends no video seconds.",
  ];
  if (row.async) {
    const poll = pollTool(op, gets);
    parts.push(
      "Asynchronous: answers at once with a job (state queued) and does the work in the background; " +
        (poll
          ? `poll it with ${toolName(poll.row.id)} {${pathParams(poll.row.path)[0] ?? "id"}: <job id>}`
          : "poll it with the matching get tool (its path is _meta clipwright/location)") +
        ", waiting pollAfterMs between polls, until state is succeeded, failed or cancelled.",
    );
  }
  if (row.idempotent) parts.push("Needs idempotencyKey.");
  const bodyRules = impl.body ? Object.keys(impl.body).filter((k) => !MERGEABLE.has(k)) : [];
  if (impl.body && typeof impl.body.minProperties === "number") {
    parts.push(`Give at least ${impl.body.minProperties} of: ${Object.keys(impl.body.properties).join(", ")}.`);
  } else if (bodyRules.length) {
    parts.push("Rules on combinations of fields are checked by the service (validation_failed).");
  }
  parts.push(
    "A refusal is an isError result with {error: {code, message, details?, requestId}}: branch on error.code; " +
      "retry only rate_limited and 503 codes, after the wait they state.",
  );
  return parts.join(" ");
}

/**
 * The GET operation that reads what an async operation started, from the paths alone:
 * POST /renders → GET /renders/{id}; POST /storyboards/{id}/renders → GET /renders/{id};
 * POST /marketing/projects/{id}/exports → GET /marketing/exports/{id};
 * POST /marketing/generations/{id}/retry → GET /marketing/generations/{id}.
 */
function pollTool({ row }: MountedOperation, gets: readonly MountedOperation[]): MountedOperation | undefined {
  const collectionOf = (p: string) => (/\/\{\w+\}$/.test(p) ? p.replace(/\/\{\w+\}$/, "") : null);
  const find = (pred: (collection: string, path: string) => boolean) =>
    gets.find((g) => {
      const collection = collectionOf(g.row.path);
      return collection !== null && pred(collection, g.row.path);
    });
  const segments = row.path.split("/");
  const last = segments.at(-1) ?? "";
  return (
    // POST /x → GET /x/{id}
    find((c) => c === row.path) ??
    // POST /a/{id}/x → GET …/x/{id}
    (last.startsWith("{") ? undefined : find((c) => c.endsWith(`/${last}`))) ??
    // POST /x/{id}/verb → GET /x/{id}
    (segments.at(-2)?.startsWith("{") ? find((_c, p) => p === segments.slice(0, -1).join("/")) : undefined)
  );
}
