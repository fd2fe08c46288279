// The dashboard's API types, generated from the service's own OpenAPI document, so the web app's calls
// cannot drift from the schemas that validate them: web/src/api/openapi-types.ts holds, for each operation
// the dashboard calls, its method, path and whether it takes an Idempotency-Key (the only run-time part),
// and the TypeScript shapes of its path parameters, query, body and success answer; plus the error codes.
//
//   npx tsx scripts/web-api-types.ts          write the file (after changing a schema, or WEB_OPERATIONS)
//   npx tsx scripts/web-api-types.ts --check  exit 1 when the file is not what the document gives
//                                             (part of `npm run lint`)
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AUTH_ROUTES } from "../src/domains/auth/routes.js";
import { buildOpenApi } from "../src/http/openapi.js";
import { MOUNTED } from "../src/mounted-operations.js";

/** Every operation the dashboard calls. A new page adds the ones it needs here and runs the script. */
const WEB_OPERATIONS = [
  "auth.signup",
  "auth.createSession",
  "auth.deleteCurrentSession",
  "account.get",
  "catalog.listPlans",
  "wallet.get",
  "wallet.listLedger",
  "usage.get",
  "keys.list",
  "keys.get",
  "keys.create",
  "keys.rotate",
  "keys.revoke",
  "webhooks.list",
  "webhooks.get",
  "webhooks.create",
  "webhooks.update",
  "webhooks.delete",
  "webhooks.test",
  "webhooks.listDeliveries",
  // Walkthroughs (web/src/pages/walkthroughs*)
  "storyboards.create",
  "storyboards.get",
  "storyboards.list",
  "storyboards.cancel",
  "storyboards.suggest",
  "storyboards.improveHint",
  "renders.quote",
  "renders.create",
  "renders.createFromStoryboard",
  "renders.get",
  "renders.list",
  "renders.cancel",
  "renders.download",
  "catalog.getRenderOptions",
  "catalog.listVoices",
  "voices.preview",
  "templates.list",
  "templates.create",
  "templates.delete",
  // Marketing pages (web/src/pages/marketing*).
  "catalog.listMarketingTemplates",
  "marketing.createSource",
  "marketing.getSource",
  "marketing.listSources",
  "marketing.refreshSource",
  "marketing.cancelSource",
  "marketing.deleteSource",
  "marketing.getBrandKit",
  "marketing.updateBrandKit",
  "marketing.preflightGeneration",
  "marketing.createGeneration",
  "marketing.getGeneration",
  "marketing.listGenerations",
  "marketing.cancelGeneration",
  "marketing.retryGeneration",
  "marketing.createProject",
  "marketing.getProject",
  "marketing.listProjects",
  "marketing.deleteProject",
  "marketing.listRevisions",
  "marketing.createRevision",
  "marketing.editProject",
  "marketing.quoteExport",
  "marketing.createExport",
  "marketing.getExport",
  "marketing.listExports",
  "marketing.cancelExport",
  "marketing.downloadExport",
  "assistant.getCurrentConversation",
  "assistant.sendMessage",
  "assistant.closeConversation",
  "assistant.createHandoff",
];

const TARGET = fileURLToPath(new URL("../web/src/api/openapi-types.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
  description?: string;
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema; "x-error-codes"?: string[] }> }>;
}

/** Names of the shared components the types below refer to (`$ref`), emitted as `Components`. */
const referenced = new Set<string>();

/** A JSON Schema (the subset TypeBox writes) as a TypeScript type. */
function typeOf(s: Schema, indent: string): string {
  if (typeof s.$ref === "string") {
    const name = s.$ref.split("/").pop() as string;
    referenced.add(name);
    return `Components[${JSON.stringify(name)}]`;
  }
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = s[key];
    if (Array.isArray(options)) return union(options.map((o: Schema) => typeOf(o, indent)));
  }
  if (Array.isArray(s.allOf)) return s.allOf.map((o: Schema) => `(${typeOf(o, indent)})`).join(" & ");
  if (Array.isArray(s.type)) return union(s.type.map((t) => typeOf({ ...s, type: t }, indent)));
  switch (s.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `${wrap(typeOf((s.items as Schema | undefined) ?? {}, indent))}[]`;
    case "object":
      return objectType(s, indent);
    default:
      return "unknown";
  }
}

function objectType(s: Schema, indent: string): string {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, p]) => {
    const doc = typeof p.description === "string" ? `${inner}/** ${p.description.replaceAll("*/", "* /")} */\n` : "";
    return `${doc}${inner}${JSON.stringify(name)}${required.has(name) ? "" : "?"}: ${typeOf(p, inner)};`;
  });
  const extra = s.additionalProperties;
  if (extra && typeof extra === "object") lines.push(`${inner}[key: string]: ${typeOf(extra as Schema, inner)};`);
  else if (extra !== false && lines.length === 0) return "Record<string, unknown>";
  return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "Record<string, never>";
}

const union = (types: string[]): string => [...new Set(types)].join(" | ");
const wrap = (t: string): string => (/[|&]/.test(t) && !t.startsWith("{") ? `(${t})` : t);

function operationType(op: Operation): string {
  const indent = "    ";
  const parts: string[] = [];
  const params = (op.parameters ?? []).filter((p) => p.in === "path" || p.in === "query");
  for (const where of ["path", "query"] as const) {
    const list = params.filter((p) => p.in === where);
    if (!list.length) continue;
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(
        list.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }]),
      ),
      required: list.filter((p) => p.required).map((p) => p.name),
    };
    parts.push(`${indent}${where === "path" ? "params" : "query"}: ${typeOf(schema, indent)};`);
  }
  const body = op.requestBody?.content["application/json"]?.schema;
  if (body) parts.push(`${indent}body${op.requestBody?.required ? "" : "?"}: ${typeOf(body, indent)};`);
  const answers = Object.entries(op.responses)
    .filter(([status]) => status.startsWith("2"))
    .map(([, r]) => {
      const schema = r.content?.["application/json"]?.schema;
      return schema ? typeOf(schema, indent) : "null";
    });
  parts.push(`${indent}response: ${union(answers)};`);
  return `  ${JSON.stringify(op.operationId)}: {\n${parts.join("\n")}\n  };`;
}

/** The file's text, formatted as Biome formats the rest of the code. */
export function generateWebApiTypes(): string {
  referenced.clear();
  const doc = buildOpenApi(MOUNTED, AUTH_ROUTES, "") as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
  const found = new Map<string, { method: string; path: string; op: Operation }>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) found.set(op.operationId, { method, path, op });
  }
  const missing = WEB_OPERATIONS.filter((id) => !found.has(id));
  if (missing.length) throw new Error(`not in the OpenAPI document: ${missing.join(", ")}`);
  const chosen = WEB_OPERATIONS.map((id) => found.get(id) as { method: string; path: string; op: Operation });

  const table = chosen.map(({ method, path, op }) => {
    const idempotent = (op.parameters ?? []).some((p) => p.name === "Idempotency-Key" && p.in === "header");
    const session = (op.security ?? []).length > 0;
    return `  ${JSON.stringify(op.operationId)}: { method: "${method.toUpperCase()}", path: "${path}", idempotent: ${idempotent}, session: ${session} },`;
  });
  const operations = chosen.map(({ op }) => operationType(op));
  const components: string[] = [];
  for (const name of referenced) {
    // A component may refer to others: the set grows while it is walked, and each is written once.
    components.push(`  ${JSON.stringify(name)}: ${typeOf(doc.components.schemas[name] as Schema, "  ")};`);
  }
  const errorBody = doc.components.schemas.ErrorBody as { properties: { error: { properties: { code: Schema } } } };
  const refusals = new Set(
    chosen.flatMap(({ op }) =>
      Object.values(op.responses).flatMap((r) => r.content?.["application/json"]?.["x-error-codes"] ?? []),
    ),
  );
  const text = [
    "// Generated by scripts/web-api-types.ts from the service's OpenAPI document. Do not edit: change the",
    "// schemas (or the script's list of operations) and run `npx tsx scripts/web-api-types.ts`.",
    "",
    "/** How each operation is called: method, path under /api/v1, Idempotency-Key, session credential. */",
    "export const OPERATIONS = {",
    ...table,
    "} as const;",
    "",
    "export type OperationId = keyof typeof OPERATIONS;",
    "",
    "/** Path parameters, query, body and success answer of each operation. */",
    "export interface Operations {",
    ...operations,
    "}",
    "",
    ...(components.length
      ? ["/** Shared schemas the operations refer to. */", "interface Components {", ...components, "}", ""]
      : []),
    "/** The spec's error codes (`error.code` of every refusal). */",
    `export type ErrorCode = ${typeOf(errorBody.properties.error.properties.code, "")};`,
    "",
    "/** The codes the document says the operations above may answer: each needs a sentence for people. */",
    `export type DocumentedRefusal = ${[...refusals]
      .sort()
      .map((c) => JSON.stringify(c))
      .join(" | ")};`,
    "",
  ].join("\n");
  return format(text);
}

function format(text: string): string {
  const biome = spawnSync(
    process.execPath,
    ["node_modules/@biomejs/biome/bin/biome", "format", `--stdin-file-path=${TARGET}`],
    { cwd: ROOT, input: text, encoding: "utf8" },
  );
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = generateWebApiTypes();
  if (process.argv.includes("--check")) {
    if (readFileSync(TARGET, "utf8") !== text) {
      console.error("web/src/api/openapi-types.ts is out of date: run `npx tsx scripts/web-api-types.ts`");
      process.exit(1);
    }
  } else {
    writeFileSync(TARGET, text);
  }
}
