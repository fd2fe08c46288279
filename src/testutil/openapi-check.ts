import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: unknown; "x-error-codes"?: string[] }> }> }
    >
  >;
  components: { schemas: Record<string, unknown> };
};

/**
 * Checks responses against the published OpenAPI document: the status must be documented for the
 * operation, the body must match its schema, and a refusal's code must be one the document lists for
 * that operation and status. Every integration test response passes through this.
 */
export class OpenApiChecker {
  private readonly ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));
  private readonly routes: { method: string; pattern: RegExp; template: string }[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Doc) {
    this.ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
    for (const [template, methods] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
      for (const method of Object.keys(methods)) this.routes.push({ method: method.toUpperCase(), pattern, template });
    }
    // Literal segments win over parameters (/conversations/current before /conversations/{id}).
    this.routes.sort((a, b) => a.template.split("{").length - b.template.split("{").length);
  }

  /** Returns a list of problems; empty when the response matches the document. */
  check(method: string, path: string, status: number, body: unknown): string[] {
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route)
      return status === 404 || status === 401 || status === 429
        ? []
        : [`${method} ${path} is not in the OpenAPI document`];
    const responses = this.doc.paths[route.template]?.[method.toLowerCase()]?.responses ?? {};
    const response = responses[String(status)];
    if (!response) return [`${method} ${route.template} answered ${status}, which the OpenAPI document does not list`];
    const json = response.content?.["application/json"];
    const schema = json?.schema;
    if (!schema) return [];
    const key = `${method} ${route.template} ${status}`;
    const code = errorCodeOf(body);
    const listed = json?.["x-error-codes"];
    if (code !== undefined && listed && !listed.includes(code))
      return [`${key}: error code ${code} is not listed for the operation (lists ${listed.join(", ")})`];
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${key}: ${e.instancePath} ${e.message}`);
  }
}

const errorCodeOf = (body: unknown): string | undefined => {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : undefined;
};

const rewriteRefs = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
