import fc from "fast-check";

/**
 * fast-check arbitraries for requests derived from a published OpenAPI document: values that fit
 * each schema, values just past its bounds, and values no schema expects (wrong types, non-finite
 * numbers, odd strings, prototype keys, broken and too-deep JSON, odd path encodings). Used by the
 * fuzz suite (test/integration/fuzz-openapi.test.ts).
 */

export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

// ---- A JSON model that can say what JSON.stringify cannot ----------------------------------------

/** Object members in order, any key included ("__proto__" stays a member, never a prototype). */
export class Members {
  constructor(readonly entries: [string, Json][]) {}
}
/** A token written into the JSON text as is (`1e400`, `-0`, `1.0`). */
export class RawToken {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | number | string | Json[] | Members | RawToken;

export function toJsonText(value: Json): string {
  if (value instanceof RawToken) return value.text;
  if (value instanceof Members) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  return JSON.stringify(value) ?? "null";
}

// ---- Values no schema expects ---------------------------------------------------------------------

/** Strings that have tripped parsers, databases, URL and text handling before. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800", // half a character
    "x\udc00y",
    "\ufeffbom",
    "😀".repeat(40),
    "e\u0301\u0301\u0301",
    "\u202etxt.exe",
    "Infinity",
    "NaN",
    "-0",
    "1e400",
    "0x10",
    "null",
    "true",
    "[]",
    "{}",
    "__proto__",
    "constructor",
    "../../etc/passwd",
    "%00",
    "%zz",
    "'; DROP TABLE jobs; --",
    "<script>alert(1)</script>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, sent as is
    "${7*7}{{7*7}}",
    "\\",
    '"',
    "\r\n\r\nX: y",
    "a".repeat(10_000),
    "https://127.0.0.1/",
    "http://[::1]:22/",
    "https://169.254.169.254/latest/meta-data/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    `https://example.com/${"a".repeat(3000)}`,
    "svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
  // Raw UTF-16 code units, lone surrogates included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
);

const oddNumber: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(0, -1, 0.5, -0.5, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e-300, 4_294_967_296),
  fc
    .constantFrom("1e400", "-1e400", "-0", "1.0", "1E2", "123456789012345678901234567890", "0.1e-400")
    .map((t) => new RawToken(t)),
);

export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;

const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, "", " ", "toString", "hasOwnProperty", "a.b", "a[0]", "\ud800", "\u0000"),
  fc.string({ maxLength: 8 }),
);

const pollution = new Members([
  ["polluted", true],
  ["isAdmin", true],
  ["prototype", new Members([["polluted", true]])],
]);

/** Any JSON value, biased to the surprising. */
export const hostileValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<Json>(null, true, false),
    oddNumber,
    oddString,
    fc.array(tie("value"), { maxLength: 3 }),
    fc
      .array(fc.tuple(oddKey, fc.oneof(tie("value"), fc.constant<Json>(pollution))), { maxLength: 3 })
      .map((entries) => new Members(entries)),
  ),
})).value;

// ---- Values from a schema -------------------------------------------------------------------------

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function stringOf(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 40);
  switch (s.format) {
    case "uuid":
      return fc.uuid({ version: 7 });
    case "date":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "uri":
      return fc.webUrl();
    case "email":
      return fc.emailAddress();
  }
  if (s.pattern) {
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((t) => t.length >= minLength && t.length <= (s.maxLength ?? Number.POSITIVE_INFINITY));
  }
  return fc.string({ minLength, maxLength });
}

/**
 * Values known to mean something to the service, by field name (catalogue ids, reachable URLs):
 * without them almost every "valid" body stops at the first catalogue lookup.
 */
export type FieldHints = Readonly<Record<string, readonly Json[]>>;

/** A value the schema accepts (as far as the generator can tell; patterns and formats are approximated). */
export function validOf(s: Schema, depth = 0, hints: FieldHints = {}): fc.Arbitrary<Json> {
  if (s.const !== undefined) return fc.constant(s.const as Json);
  if (s.enum) return fc.constantFrom(...(s.enum as Json[]));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validOf(a, depth, hints)));
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...s, type }, depth, hints)));
  switch (types[0]) {
    case "string":
      return stringOf(s);
    case "integer":
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = s.items ? validOf(s.items, depth + 1, hints) : hostileValue;
      const constraints = { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, (s.minItems ?? 0) + 4) };
      return s.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => toJsonText(v) })
        : fc.array(items, constraints);
    }
    case "object":
      return objectOf(s, depth, false, hints);
    default:
      return hostileValue;
  }
}

const UPPERCASE_UUID = "0190A0B1-C2D3-7E4F-8A5B-6C7D8E9F0A1B";

/** Just past the schema's edges: bounds ±1, lengths ±1, non-integers, wrong case, missing fields. */
export function edgeOf(s: Schema, depth = 0, hints: FieldHints = {}): fc.Arbitrary<Json> {
  const edges: Json[] = [];
  const types = typesOf(s);
  if (s.enum) edges.push("UNKNOWN", ...s.enum.filter((e) => typeof e === "string").map((e) => e.toUpperCase()));
  if (types.includes("integer") || types.includes("number")) {
    for (const bound of [s.minimum, s.maximum]) if (bound !== undefined) edges.push(bound - 1, bound, bound + 1);
    edges.push((s.minimum ?? 0) + 0.5, new RawToken("1e400"), new RawToken("-0"), String(s.minimum ?? 1));
  }
  if (types.includes("string")) {
    if (s.minLength !== undefined) edges.push("a".repeat(Math.max(0, s.minLength - 1)));
    if (s.maxLength !== undefined) edges.push("a".repeat(s.maxLength), "a".repeat(s.maxLength + 1));
    if (s.format === "uuid") edges.push("00000000-0000-0000-0000-000000000000", "not-a-uuid", UPPERCASE_UUID);
    if (s.format === "date") edges.push("2026-02-30", "2026-13-01", "0000-00-00", "99999-01-01", "2026-1-1");
    // PostgreSQL text cannot hold U+0000; half a character is refused by the spec.
    edges.push(123, true, "a\u0000b", "\ud800x");
  }
  if (types.includes("array")) {
    edges.push([], "not an array", new Members([["0", "x"]]));
    if (s.maxItems !== undefined) edges.push(Array.from({ length: s.maxItems + 1 }, () => null));
  }
  if (types.includes("boolean")) edges.push("true", 1, 0, "false");
  const fixed = edges.length ? fc.constantFrom(...edges) : hostileValue;
  return types.includes("object") ? fc.oneof(fixed, objectOf(s, depth, true, hints)) : fixed;
}

/** Mostly what the schema accepts, sometimes an edge, sometimes anything. */
export function mixedOf(s: Schema, depth = 0, hints: FieldHints = {}): fc.Arbitrary<Json> {
  if (depth > 4) return validOf(s, depth, hints);
  return fc.oneof(
    { arbitrary: validOf(s, depth, hints), weight: 5 },
    { arbitrary: edgeOf(s, depth, hints), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** An object for the schema's properties; `hostile` drops required ones and adds unknown or prototype keys. */
function objectOf(s: Schema, depth: number, hostile: boolean, hints: FieldHints): fc.Arbitrary<Json> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = props.map(([name, schema]) => {
    const generated = hostile ? mixedOf(schema, depth + 1, hints) : validOf(schema, depth + 1, hints);
    const hinted = hints[name];
    const value = hinted?.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...hinted), weight: 3 }, { arbitrary: generated, weight: 1 })
      : generated;
    return fc.tuple(fc.constant(name), value, fc.integer({ min: 0, max: 9 })).map(([n, v, dice]) => {
      const keep = required.has(n) ? !hostile || dice > 0 : dice > 3;
      return keep ? ([n, v] as [string, Json]) : null;
    });
  });
  const extras = hostile
    ? fc.array(fc.tuple(oddKey, fc.oneof(hostileValue, fc.constant<Json>(pollution))), { maxLength: 2 })
    : fc.constant([] as [string, Json][]);
  return fc
    .tuple(fc.tuple(...fields), extras)
    .map(
      ([kept, extra]) =>
        new Members([...kept.filter((f): f is [string, Json] => f !== null), ...(extra as [string, Json][])]),
    );
}

/** Lone surrogates replaced (encodeURIComponent throws on them); UTF-8 round trip does exactly that. */
export const wellFormed = (s: string): string => Buffer.from(s, "utf8").toString("utf8");

// ---- Whole bodies, query strings and path segments --------------------------------------------------

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** JSON text that is not JSON, or JSON no parser should build. */
export const brokenJsonText: fc.Arbitrary<string> = fc.constantFrom(
  "{",
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '"unterminated',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  "\ufeff{}",
  "[]",
  "1",
  '"text"',
  "null",
  "true",
  " ",
  `{"a":${nestedArrays(65)}}`,
  nestedArrays(5000),
  '{"a":'.repeat(20_000),
  `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`,
);

/** A body for a schema: mostly a JSON value from it, sometimes broken or hostile text. */
export function bodyTextOf(s: Schema | undefined, hints: FieldHints = {}): fc.Arbitrary<string> {
  const value = s ? mixedOf(s, 0, hints) : hostileValue;
  return fc.oneof(
    { arbitrary: value.map(toJsonText), weight: 6 },
    { arbitrary: brokenJsonText, weight: 2 },
    { arbitrary: hostileValue.map(toJsonText), weight: 1 },
  );
}

/** What a query value is sent as: the schema's value as text, or text no number parser agrees on. */
export function queryTextOf(s: Schema): fc.Arbitrary<string> {
  const asText = (v: Json): string => (typeof v === "string" ? v : toJsonText(v));
  return fc.oneof(
    { arbitrary: validOf(s).map(asText), weight: 4 },
    { arbitrary: edgeOf(s).map(asText), weight: 2 },
    {
      arbitrary: fc.constantFrom("Infinity", "-Infinity", "NaN", "1e400", "0x10", " 5", "5 ", "+5", "5.0", "1e1", ""),
      weight: 2,
    },
    { arbitrary: oddString, weight: 1 },
  );
}

/** A path segment as it appears in the URL: encoded ids, or encodings the router must refuse. */
export function pathSegmentOf(s: Schema, known: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: validOf(s).map((v) => encodeURIComponent(wellFormed(String(v)))), weight: 3 },
    {
      arbitrary: fc.nat().map((n) => {
        const ids = known();
        return ids.length ? (ids[n % ids.length] as string) : "none";
      }),
      weight: 3,
    },
    {
      arbitrary: edgeOf(s).map((v) => encodeURIComponent(wellFormed(typeof v === "string" ? v : toJsonText(v)))),
      weight: 1,
    },
    { arbitrary: oddString.map((v) => encodeURIComponent(wellFormed(v))), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        "%zz",
        "%",
        "%E0%A4%A",
        "%ED%A0%80", // an encoded lone surrogate
        "%C0%AF", // overlong "/"
        "%00",
        "..",
        "%2e%2e",
        "..%2F..%2Fetc%2Fpasswd",
        "%252e",
        "a%2Fb",
        "x".repeat(101),
        "x".repeat(5000),
        "%F0%9F%98%80",
        "%20",
        "+",
        ";a=b",
      ),
      weight: 2,
    },
  );
}

/** Cursors: the minted shape with keys out of bounds or ids of the wrong shape, and plain junk. */
export const cursorText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        fc.integer().map(String),
        fc.constantFrom("9".repeat(16), "-9999999999999999", "1e400", "Infinity", "", "0x10", "NaN"),
      ),
      fc.oneof(fc.uuid({ version: 7 }), fc.uuid({ version: 4 }), oddString),
    )
    .map(([key, id]) => Buffer.from(`${key}.${id}`).toString("base64url")),
  fc.constantFrom("", "=", "a", "____", "-".repeat(512), "A".repeat(513), "eyJ9", "%zz", "bnVsbA"),
  oddString,
);
