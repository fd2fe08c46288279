import { type TObject, type TSchema, Type } from "@sinclair/typebox";
import { ERROR_CODES, type ErrorCode } from "../contract/error-codes.js";
import type { MountedOperation } from "../operations/define.js";
import { ACCOUNT_GONE, acceptsApiKey, rowRefusals, takesBody } from "../operations/refusals.js";
import { API_PREFIX, toolName } from "../operations/registry.js";
import { SPENDING_SCOPES } from "../operations/scopes.js";
import type { PublicRoute } from "./public-route.js";
import { REQUEST_ID_PATTERN } from "./request-ids.js";

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ enum: Object.keys(ERROR_CODES) }),
        message: Type.String(),
        details: Type.Optional(Type.Object({}, { additionalProperties: true })),
        requestId: Type.Union([Type.String(), Type.Null()]),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const RATE_HEADERS = {
  "RateLimit-Limit": { schema: { type: "integer" }, description: "The ceiling of the window that applied." },
  "RateLimit-Remaining": { schema: { type: "integer", minimum: 0 }, description: "Requests left in that window." },
  "RateLimit-Reset": { schema: { type: "integer", minimum: 0 }, description: "Seconds until the window reopens." },
  "X-Request-Id": { schema: { type: "string" }, description: "The request's id, echoed or generated." },
};

/** Every operation takes the caller's X-Request-Id, in the shape the conventions accept. */
const REQUEST_ID_PARAMETER = {
  name: "X-Request-Id",
  in: "header",
  required: false,
  schema: { type: "string", pattern: REQUEST_ID_PATTERN.source },
};

/** Strip TypeBox's symbol keys and `undefined`s: the document is plain JSON Schema 2020-12. */
const plain = (s: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(s));

function parameters(where: "path" | "query", schema: TObject | undefined) {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: plain(s as TSchema),
    ...((s as TSchema).description ? { description: (s as TSchema).description } : {}),
  }));
}

/** The dashboard's sign-in routes: published too, under the tag "auth". */
function publicRouteOperation(route: PublicRoute) {
  const codes: ErrorCode[] = ["validation_failed", "unauthorized", "rate_limited", "internal_error"];
  if (route.body) codes.push("payload_too_large", "unsupported_media_type", "idempotency_key_unscoped");
  if (route.auth === "session") codes.push("forbidden_scope", ...ACCOUNT_GONE);
  if (route.id === "auth.createSession") codes.push(...ACCOUNT_GONE);
  if (route.passwordWork) codes.push("service_unavailable"); // password work busy: Retry-After
  if (route.id === "auth.verifyEmail") codes.push("not_found", "expired");
  return {
    operationId: route.id,
    summary: route.summary,
    description: `${route.description} Not one of the API's 71 operations: the dashboard's sign-in.`,
    tags: ["auth"],
    security: route.auth === "session" ? [{ session: [] }] : [],
    parameters: [REQUEST_ID_PARAMETER],
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: plain(route.body) } } } }
      : {}),
    responses: { ...successResponses(route.responses, false, false), ...errorResponses(codes) },
  };
}

function successResponses(schemas: Record<number, TSchema>, async: boolean, idempotent: boolean) {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(schemas)) {
    const headers: Record<string, unknown> = {
      ...RATE_HEADERS,
      "Cache-Control": { schema: { const: "private, no-store" } },
    };
    if (async || status === "201")
      headers.Location = { schema: { type: "string" }, description: "Path of the resource." };
    if (idempotent)
      headers["Idempotent-Replayed"] = { schema: { const: "true" }, description: "Present only on a replay." };
    responses[status] =
      status === "204"
        ? { description: statusText(204), headers }
        : {
            description: status === "202" && !async ? "Accepted." : statusText(Number(status)),
            headers,
            content: { "application/json": { schema: plain(schema) } },
          };
  }
  return responses;
}

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code][0];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Refusal: ${list.join(", ")}.`,
      headers:
        status === 429 || status === 503
          ? { ...RATE_HEADERS, "Retry-After": { schema: { type: "integer" } } }
          : RATE_HEADERS,
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" }, "x-error-codes": list } },
    };
  }
  return responses;
}

/** OpenAPI 3.1, generated from the registry rows and the schemas that validate requests. */
export function buildOpenApi(ops: MountedOperation[], publicRoutes: PublicRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { row, impl } of ops) {
    const spends = row.scopes.some((s) => SPENDING_SCOPES.includes(s));
    const responses = {
      ...successResponses(impl.responses, row.async, row.idempotent),
      ...errorResponses(rowRefusals(row, impl)),
    };
    const headerParams = [
      ...(row.idempotent
        ? [
            {
              name: "Idempotency-Key",
              in: "header",
              required: true,
              schema: { type: "string", minLength: 1, maxLength: 128 },
            },
          ]
        : []),
      REQUEST_ID_PARAMETER,
    ];
    const operation: Record<string, unknown> = {
      operationId: row.id,
      summary: impl.summary,
      description: [
        impl.description,
        `Scopes: ${row.scopes.join(", ")}. Rate class: ${row.rateClass}.`,
        spends ? "Spends video seconds." : "Spends no video seconds.",
        row.async ? "Asynchronous: answers 202 with a job to poll." : "",
        acceptsApiKey(row) ? "" : "Dashboard session only; API keys are refused.",
      ]
        .filter(Boolean)
        .join(" "),
      tags: [row.id.split(".")[0]],
      security: acceptsApiKey(row) ? [{ bearer: [] }, { apiKey: [] }] : [{ session: [] }],
      parameters: [...parameters("path", impl.params), ...parameters("query", impl.query), ...headerParams],
      ...(takesBody(row)
        ? {
            requestBody: {
              required: (impl.body?.required?.length ?? 0) > 0,
              content: {
                "application/json": { schema: plain(impl.body ?? Type.Object({}, { additionalProperties: false })) },
              },
            },
          }
        : {}),
      responses,
      "x-scopes": row.scopes,
      "x-rate-class": row.rateClass,
      "x-async": row.async,
      "x-idempotent": row.idempotent,
      "x-dashboard-only": !acceptsApiKey(row),
      ...(acceptsApiKey(row) ? { "x-mcp-tool": toolName(row.id) } : {}),
    };
    paths[row.path] ??= {};
    (paths[row.path] as Record<string, unknown>)[row.method.toLowerCase()] = operation;
  }
  for (const route of publicRoutes) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = publicRouteOperation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Clipwright API",
      version: "1.0.0",
      description: "Narrated product walkthroughs and marketing videos from live websites.",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: `${serverUrl}${API_PREFIX}` }],
    paths,
    components: {
      schemas: {
        ErrorBody: plain(ErrorBodySchema),
        ...Object.fromEntries(
          ops.flatMap(({ impl }) => Object.entries(impl.components ?? {})).map(([n, s]) => [n, plain(s)]),
        ),
      },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key (svc_live_…) or a dashboard session token.",
        },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "An API key (svc_live_…) only." },
        session: { type: "http", scheme: "bearer", description: "A dashboard session token (sess_…)." },
      },
    },
  };
}

const statusText = (s: number): string =>
  ({ 200: "OK", 201: "Created", 202: "Accepted: the work is queued; poll the job in Location.", 204: "No Content" })[
    s
  ] ?? "OK";
