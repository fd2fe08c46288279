import type { TSchema } from "@sinclair/typebox";
import { type ValueError, ValueErrorType } from "@sinclair/typebox/errors";
import { Value } from "@sinclair/typebox/value";

/**
 * The first place a value breaks a schema, as a JSON pointer and a few words. A union's own error ("no
 * variant matched") says nothing useful, so it is followed into the variant the value meant: the one whose
 * discriminator (`op`, a visual's `type`) it names, or the non-null side of a nullable field. Problems come
 * in the schema's field order, so the same value always reports the same first problem.
 */
export interface SchemaProblem {
  path: string;
  reason: string;
  /** The cap a string or list broke, for the details. */
  limit?: number;
}

export function firstProblem(schema: TSchema, value: unknown, prefix = ""): SchemaProblem | null {
  if (Value.Check(schema, value)) return null;
  const error = Value.Errors(schema, value).First();
  if (!error) return null;
  const found = followUnion(error);
  return { ...found, path: `${prefix}${found.path}` };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The literal values a schema allows, when it is a literal or a union of literals. */
function literals(schema: TSchema | undefined): unknown[] | null {
  if (!schema) return null;
  if ("const" in schema) return [schema.const];
  const anyOf = schema.anyOf as TSchema[] | undefined;
  if (anyOf?.every((s) => "const" in s)) return anyOf.map((s) => s.const);
  return null;
}

function followUnion(error: ValueError): SchemaProblem {
  if (error.type !== ValueErrorType.Union) return describe(error);
  const variants = error.schema.anyOf as TSchema[];
  const allowed = literals(error.schema);
  if (allowed) return { path: error.path, reason: `must be one of ${allowed.join(", ")}` };
  const value = error.value;
  let index = -1;
  if (isRecord(value)) {
    const first = variants[0]?.properties as Record<string, TSchema> | undefined;
    const key = Object.keys(first ?? {}).find((k) =>
      variants.every((v) => literals((v.properties as Record<string, TSchema> | undefined)?.[k])),
    );
    if (key !== undefined) {
      index = variants.findIndex((v) => literals((v.properties as Record<string, TSchema>)[key])?.includes(value[key]));
      if (index === -1) {
        const known = variants.flatMap((v) => literals((v.properties as Record<string, TSchema>)[key]) ?? []);
        return {
          path: `${error.path}/${key}`,
          reason: key in value ? `must be one of ${known.join(", ")}` : "is required",
        };
      }
    }
  }
  if (index === -1 && value !== null) {
    const notNull = variants.flatMap((v, i) => (v.type === "null" ? [] : [i]));
    if (notNull.length === 1) index = notNull[0] as number;
  }
  const inner = index === -1 ? undefined : error.errors[index]?.First();
  return inner ? followUnion(inner) : { path: error.path, reason: "is not any of the allowed shapes" };
}

const KIND_NAMES: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.String]: "a string",
  [ValueErrorType.Number]: "a number",
  [ValueErrorType.Integer]: "a whole number",
  [ValueErrorType.Boolean]: "true or false",
  [ValueErrorType.Object]: "an object",
  [ValueErrorType.Array]: "a list",
  [ValueErrorType.Null]: "null",
};

function describe(error: ValueError): SchemaProblem {
  const { path, type, schema } = error;
  const at = (reason: string, limit?: number): SchemaProblem => ({
    path,
    reason,
    ...(limit === undefined ? {} : { limit }),
  });
  switch (type) {
    case ValueErrorType.ObjectAdditionalProperties:
      return at("is not a field of this object");
    case ValueErrorType.ObjectRequiredProperty:
      return at("is required");
    case ValueErrorType.ObjectMinProperties:
      return at("must set at least one field");
    case ValueErrorType.StringMaxLength:
      return at(`is longer than ${schema.maxLength} characters`, schema.maxLength as number);
    case ValueErrorType.StringMinLength:
      return at("must not be empty", schema.minLength as number);
    case ValueErrorType.StringPattern:
      return at(`must match ${schema.pattern}`);
    case ValueErrorType.ArrayMaxItems:
      return at(`holds more than ${schema.maxItems} items`, schema.maxItems as number);
    case ValueErrorType.ArrayMinItems:
      return at(`holds fewer than ${schema.minItems} items`, schema.minItems as number);
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return at(`must be at least ${schema.minimum}`);
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return at(`must be at most ${schema.maximum}`);
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return at(`must be more than ${schema.exclusiveMinimum}`);
    case ValueErrorType.Literal:
      return at(`must be ${JSON.stringify(schema.const)}`);
    default: {
      const kind = KIND_NAMES[type];
      return at(kind ? `must be ${kind}` : error.message);
    }
  }
}
