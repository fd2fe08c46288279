import type { TSchema } from "@sinclair/typebox";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { type ApiError, type ValidationIssue, validationFailed } from "./api-error.js";

/** Where a value came from; the prefix of every issue path (`query.limit`, `body.beats[0].beatId`). */
export type Part = "path" | "query" | "body";

const strict = { strict: true, allErrors: true, removeAdditional: false, useDefaults: true } as const;
// Path and query arrive as strings, so they are coerced to the schema's types; bodies never are.
const fromStrings = addFormats.default(new Ajv({ ...strict, coerceTypes: true }));
const fromJson = addFormats.default(new Ajv({ ...strict, coerceTypes: false }));

export type Validator = (value: unknown) => ValidationIssue[];

export function compileValidator(part: Part, schema: TSchema): Validator {
  const validate: ValidateFunction = (part === "body" ? fromJson : fromStrings).compile(schema);
  return (value) => {
    const issues = surrogateIssues(part, value);
    if (issues.length) return issues;
    return validate(value) ? [] : (validate.errors ?? []).map((e) => toIssue(part, e));
  };
}

/** Validate every part; all issues of all parts are reported together. */
export function validateParts(checks: [Validator | undefined, unknown][]): void {
  const issues = checks.flatMap(([validate, value]) => (validate ? validate(value) : []));
  if (issues.length) throw validationFailed(issues);
}

function toIssue(part: Part, e: ErrorObject): ValidationIssue {
  let path = part + pointerToPath(e.instancePath);
  let code = snake(e.keyword);
  let message = e.message ?? "is invalid";
  if (e.keyword === "additionalProperties") {
    path += `.${(e.params as { additionalProperty: string }).additionalProperty}`;
    code = "unknown_field";
    message = "is not a field of this operation";
  } else if (e.keyword === "required") {
    path += `.${(e.params as { missingProperty: string }).missingProperty}`;
    message = "is required";
  }
  return { path, message, code };
}

/** "/beats/0/narration" → ".beats[0].narration" */
const pointerToPath = (pointer: string): string =>
  pointer
    .split("/")
    .slice(1)
    .map((seg) => seg.replaceAll("~1", "/").replaceAll("~0", "~"))
    .map((seg) => (/^\d+$/.test(seg) ? `[${seg}]` : `.${seg}`))
    .join("");

const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Strings (and object keys) holding half a character are refused (spec: Errors). */
function surrogateIssues(part: Part, value: unknown, path: string = part): ValidationIssue[] {
  if (typeof value === "string") {
    return value.isWellFormed() ? [] : [{ path, message: "contains an unpaired surrogate", code: "lone_surrogate" }];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => surrogateIssues(part, v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      k.isWellFormed()
        ? surrogateIssues(part, v, `${path}.${k}`)
        : [{ path, message: "has a field name with an unpaired surrogate", code: "lone_surrogate" }],
    );
  }
  return [];
}

/** A single-issue refusal for checks a schema cannot express (dates in the future, and so on). */
export const issue = (path: string, code: string, message: string): ApiError =>
  validationFailed([{ path, code, message }]);
