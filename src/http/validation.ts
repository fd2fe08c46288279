import type { TSchema } from "@sinclair/typebox";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { type ApiError, type ValidationIssue, validationFailed } from "../contract/errors.js";

/** Where a value came from; the prefix of every issue path (`query.limit`, `body.beats[0].beatId`). */
export type Part = "path" | "query" | "body";

const strict = { strict: true, allErrors: true, removeAdditional: false, useDefaults: true } as const;
// Path and query arrive as strings, so they are coerced to the schema's types; bodies never are.
const fromStrings = addFormats.default(new Ajv({ ...strict, coerceTypes: true }));
const fromJson = addFormats.default(new Ajv({ ...strict, coerceTypes: false }));

export type Validator = (value: unknown) => ValidationIssue[];

export function compileValidator(part: Part, schema: TSchema): Validator {
  const validate: ValidateFunction = (part === "body" ? fromJson : fromStrings).compile(schema);
  const numeric = part === "body" ? new Map<string, NumberKind>() : numericFields(schema);
  return (value) => {
    const issues = surrogateIssues(part, value);
    if (issues.length) return issues;
    const textIssues = numeric.size ? numberTextIssues(part, numeric, value) : [];
    if (validate(value) && !textIssues.length) return [];
    const reported = new Set(textIssues.map((i) => i.path));
    const schemaIssues = (validate.errors ?? []).map((e) => toIssue(part, e)).filter((i) => !reported.has(i.path));
    return [...textIssues, ...schemaIssues];
  };
}

type NumberKind = "integer" | "number";

/** Top-level fields of a path or query schema that hold numbers. */
function numericFields(schema: TSchema): Map<string, NumberKind> {
  const fields = new Map<string, NumberKind>();
  for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) {
    if (field.type === "integer" || field.type === "number") fields.set(name, field.type);
  }
  return fields;
}

// Ajv's coercion takes whatever Number() takes ("Infinity", "1e400", "0x10", " 5"), and a coerced
// Infinity skips minimum and maximum. In a path or query, a number is plain decimal text only.
const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Number fields given as text: converted when they are plain decimals, reported otherwise. */
function numberTextIssues(part: Part, fields: Map<string, NumberKind>, value: unknown): ValidationIssue[] {
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  for (const [name, kind] of fields) {
    const text = Object.hasOwn(record, name) ? record[name] : undefined;
    if (typeof text !== "string") continue; // absent, or repeated (an array): the schema refuses it
    const n = Number(text);
    const plain = kind === "integer" ? INTEGER_TEXT.test(text) && Number.isSafeInteger(n) : DECIMAL_TEXT.test(text);
    if (plain && Number.isFinite(n)) {
      record[name] = n;
    } else {
      const what = kind === "integer" ? "an integer" : "a number";
      issues.push({ path: `${part}.${name}`, code: "type", message: `must be ${what} written in decimal digits` });
    }
  }
  return issues;
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

/**
 * Strings (and object keys) holding half a character are refused (spec: Errors), and so is U+0000:
 * PostgreSQL text cannot store it, and refusing it on both databases keeps the topologies alike.
 * The walk recurses, which is safe because the body parser refuses JSON nested past 64 levels.
 */
function surrogateIssues(part: Part, value: unknown, path: string = part): ValidationIssue[] {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? [{ path, ...problem }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => surrogateIssues(part, v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => {
      const problem = textProblem(k);
      return problem
        ? [{ path, code: problem.code, message: `has a field name that ${problem.message}` }]
        : surrogateIssues(part, v, `${path}.${k}`);
    });
  }
  return [];
}

function textProblem(text: string): { code: string; message: string } | null {
  if (!text.isWellFormed()) return { code: "lone_surrogate", message: "contains an unpaired surrogate" };
  if (text.includes("\u0000")) return { code: "nul_character", message: "contains the character U+0000" };
  return null;
}

/** A single-issue refusal for checks a schema cannot express (dates in the future, and so on). */
export const issue = (path: string, code: string, message: string): ApiError =>
  validationFailed([{ path, code, message }]);
