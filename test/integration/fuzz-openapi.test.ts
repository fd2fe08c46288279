import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES, type ErrorCode, messageOf, statusOf } from "../../src/contract/error-codes.js";
import { MINTED_ID } from "../../src/ids.js";
import { Harness } from "../../src/testutil/harness.js";
import {
  bodyTextOf,
  cursorText,
  type FieldHints,
  type Json,
  Members,
  oddString,
  PROTOTYPE_KEYS,
  pathSegmentOf,
  queryTextOf,
  type Schema,
  toJsonText,
  validOf,
  wellFormed,
} from "../support/openapi-arbitraries.js";
import { refusalHeaderNames } from "../support/refusal-headers.js";
import { seedExport, seedProject } from "../support/seed-project.js";
import { seedStoryboard } from "../support/seed-storyboard.js";
import { staticResolver } from "../support/static-resolver.js";

// Fuzz every operation of the published OpenAPI document with requests derived from its schemas
// (see test/support/openapi-arbitraries.ts). Whatever is sent, the answer is never a 5xx, every
// refusal is the spec's error body with a catalogued code, its fixed message and the request id of
// the X-Request-Id header, and every answer carries the RateLimit-* headers. A fixed seed per
// operation makes a failure reproducible; fast-check prints the request that failed.

// A deeper hunt: FUZZ_RUNS=500 FUZZ_SEED=7 npx vitest run --project sqlite test/integration/fuzz-openapi.test.ts
const SEED = Number(process.env.FUZZ_SEED ?? 20260524);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
const PREFIX = "/api/v1";
const UNLIMITED = 1_000_000;

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  security: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
}
interface Target {
  method: string;
  path: string;
  op: Operation;
}

type Credential = "own" | "none" | "garbage" | "api-key-header" | "basic" | "other-kind";

/** One request, as generated: readable when fast-check prints a counterexample. */
interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Ids of things that exist (seeded, or created by earlier cases): path params sometimes name them. */
const known: string[] = [];
const KNOWN_CODES = new Set(Object.keys(ERROR_CODES));

// Started while the file is collected: the operations to fuzz are read from the served document.
const h = await Harness.start({
  workers: false, // valid requests may queue jobs; nothing runs them
  rateStore: "memory",
  resolver: staticResolver({ "hooks.example.com": ["93.184.216.34"], "site.example": ["93.184.216.34"] }),
  config: {
    rateLimits: {
      perMinute: { read: UNLIMITED, write: UNLIMITED, expensive: UNLIMITED, charge: UNLIMITED },
      account: UNLIMITED,
      unauthenticated: UNLIMITED,
    },
  },
});
const doc = (await h.app.inject({ method: "GET", url: `${PREFIX}/openapi.json` })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const targets: Target[] = Object.entries(doc.paths)
  .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })))
  // The sign-in routes last (one signs its caller out); within them, signing out last of all.
  .sort((a, b) => rank(a) - rank(b));

let user: Awaited<ReturnType<Harness["user"]>>;
let authSession: string;
/** Catalogue ids and reachable addresses by field name, read from the service before fuzzing. */
let hints: FieldHints = {};
/** Headers every answer carries (an ordinary refusal's; content type aside, which a 204 has not). */
let everyAnswerHeaders: string[] = [];

beforeAll(async () => {
  user = await h.user({ topupSeconds: 5000 });
  // A second session for the sign-in routes: one of them signs its caller out.
  authSession = await h.session(user.email, user.password);
  everyAnswerHeaders = (await refusalHeaderNames(h.app)).filter((n) => n !== "content-type");
  const auth = { authorization: `Bearer ${user.key}` };
  const seed = async (url: string, payload: unknown): Promise<string> => {
    const res = await h.app.inject({
      method: "POST",
      url: `${PREFIX}${url}`,
      headers: { ...auth, "idempotency-key": `seed-${url.slice(1)}`, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode, res.body).toBe(201);
    return idsIn(res.body)[0] as string;
  };
  known.push(
    await seed("/webhooks", { url: "https://hooks.example.com/in", events: ["render.succeeded"] }),
    await seed("/templates", { name: "seed", options: {} }),
    await seedStoryboard(h, user.id),
    await seedStoryboard(h, user.id, { state: "queued" }),
  );
  // A project with an export in flight and one finished: project and export ids for the marketing paths.
  const project = await seedProject(h, user.id);
  known.push(
    project.projectId,
    await seedExport(h, user.id, project),
    await seedExport(h, user.id, project, "succeeded"),
  );
  const read = async (url: string) =>
    (await h.app.inject({ method: "GET", url: `${PREFIX}${url}`, headers: auth })).json();
  const options = await read("/catalog/render-options");
  const voices = await read("/catalog/voices?language=en&limit=3");
  const ids = (list: { id: string }[]) => list.map((o) => o.id);
  hints = {
    avatar: ids(options.avatars),
    background: ids(options.backgrounds),
    captionStyle: ids(options.captionStyles),
    capture: ids(options.captures),
    language: ids(options.languages).slice(0, 5),
    orientation: ids(options.orientations),
    voiceId: ids(voices.data),
    templateId: ["seed", known[1] as string],
    url: ["https://site.example/", "https://hooks.example.com/in"],
    loginUrl: ["https://site.example/login"],
    hint: ["Show how to sign up, then the pricing page"],
    beatId: ["b1", "b2", "nope"],
  };
});
afterAll(() => h.close());

function rank(t: Target): number {
  return t.path.startsWith("/auth/") ? (t.method === "delete" ? 2 : 1) : 0;
}

// ---- Building requests ------------------------------------------------------------------------------

function credentialHeaders(target: Target, credential: Credential): Record<string, string> {
  const sessionOnly = target.op.security.some((s) => "session" in s);
  const own = target.path.startsWith("/auth/") ? authSession : sessionOnly ? user.session : user.key;
  switch (credential) {
    case "own":
      return { authorization: `Bearer ${own}` };
    case "none":
      return {};
    case "garbage":
      return { authorization: `Bearer svc_live_${randomBytes(20).toString("hex")}` };
    case "api-key-header":
      return { "x-api-key": sessionOnly ? user.session : user.key };
    case "basic":
      return { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` };
    case "other-kind":
      return { authorization: `Bearer ${sessionOnly ? user.key : user.session}` };
  }
}

const CONTENT_TYPES = [
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json;;;",
  "",
];

const encodePairs = (pairs: [string, string][]): string[] =>
  pairs.map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`);
const asText = (v: Json): string => (typeof v === "string" ? v : toJsonText(v));

/** The operation's query parameters with values that fit or do not, as encoded pairs. */
function hostileQueryOf(params: Parameter[]): fc.Arbitrary<string[]> {
  const values = params.map((p) =>
    fc.option(
      fc.tuple(
        fc.constant(p.name),
        p.name === "cursor" ? fc.oneof(queryTextOf(p.schema), cursorText) : queryTextOf(p.schema),
      ),
      { freq: 3 },
    ),
  );
  // A parameter given twice arrives as an array.
  const repeated = fc.option(fc.constantFrom(...params.map((p) => p.name), "limit"), { freq: 3 });
  return fc.tuple(fc.tuple(...values), repeated).map(([pairs, twice]) =>
    encodePairs([
      ...pairs.filter((p): p is [string, string] => p !== null),
      ...(twice
        ? ([
            [twice, "1"],
            [twice, "2"],
          ] as [string, string][])
        : []),
    ]),
  );
}

const unknownQuery: fc.Arbitrary<string[]> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, "__proto__[polluted]", "a[b]", "x"), fc.string({ maxLength: 4 })),
      oddString,
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map(encodePairs);

const rawQuery = fc.constantFrom("%zz", "%", "limit=%00", "a=%E0%A4%A", "&&&", "=x", "limit", "limit=1%");

/** What a case may break; every other part of the request is valid. */
type Mutation =
  | "credential"
  | "idempotencyKey"
  | "requestId"
  | "segment"
  | "query"
  | "unknownQuery"
  | "rawQuery"
  | "body"
  | "bodyBytes"
  | "contentType"
  | "contentEncoding"
  | "head";

/**
 * A valid request for the operation with none, one or two of its parts replaced by something
 * hostile: a case breaks few things at once, so the checks behind the first refusal are reached too.
 */
function requestOf(target: Target): fc.Arbitrary<FuzzRequest> {
  const params = target.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const needsKey = params.some((p) => p.in === "header" && p.name === "Idempotency-Key" && p.required);
  const bodySchema = target.op.requestBody?.content["application/json"].schema;
  const takesBody = target.method !== "get";

  const valid = fc.record({
    segments: fc.tuple(
      ...pathParams.map((p) =>
        fc.oneof(
          fc.nat().map((n) => (known.length ? (known[n % known.length] as string) : "none")),
          validOf(p.schema).map((v) => encodeURIComponent(wellFormed(asText(v)))),
        ),
      ),
    ),
    query: fc
      .tuple(
        ...queryParams.map((p) => {
          const hinted = hints[p.name];
          const value = hinted?.length ? fc.constantFrom(...hinted) : validOf(p.schema, 0, hints);
          return fc.option(fc.tuple(fc.constant(p.name), value.map(asText)));
        }),
      )
      .map((pairs) => encodePairs(pairs.filter((q): q is [string, string] => q !== null))),
    body: bodySchema ? validOf(bodySchema, 0, hints).map(toJsonText) : fc.constant("{}"),
    idempotencyKey: fc.uuid().map((u) => `fuzz-${u}`),
  });
  const hostile = fc.record({
    credential: fc.constantFrom<Credential>("none", "garbage", "api-key-header", "basic", "other-kind"),
    idempotencyKey: fc.constantFrom(null, "", "k".repeat(129), "ünïcödé", "a b", "a\u0000b"),
    requestId: fc.constantFrom("fuzz.trace-1", "has space", "x".repeat(65), "ok_id"),
    segments: fc.tuple(...pathParams.map((p) => pathSegmentOf(p.schema, () => known))),
    query: hostileQueryOf(queryParams),
    unknownQuery,
    rawQuery,
    body: bodyTextOf(bodySchema, hints),
    bodyBytes: fc.constantFrom<string | Buffer | undefined>(
      undefined,
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // not UTF-8
      `{"a":"${"x".repeat(300 * 1024)}"}`, // over 256 kB
    ),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    contentEncoding: fc.constantFrom("gzip", "identity", "br, gzip"),
  });
  const applicable: Mutation[] = ["credential", "idempotencyKey", "requestId", "unknownQuery", "rawQuery"];
  if (pathParams.length) applicable.push("segment");
  if (queryParams.length) applicable.push("query");
  if (takesBody) applicable.push("body", "body", "body", "bodyBytes", "contentType", "contentEncoding");
  else applicable.push("head");
  const mutations = fc.oneof(
    { arbitrary: fc.constant<Mutation[]>([]), weight: 1 },
    { arbitrary: fc.uniqueArray(fc.constantFrom(...applicable), { minLength: 1, maxLength: 2 }), weight: 5 },
  );

  return fc.tuple(valid, hostile, mutations).map(([v, x, m]) => {
    const broken = new Set(m);
    const segments = broken.has("segment") ? x.segments : v.segments;
    let i = 0;
    const path = target.path.replace(/\{\w+\}/g, () => segments[i++] as string);
    const query = [
      ...(broken.has("query") ? x.query : v.query),
      ...(broken.has("unknownQuery") ? x.unknownQuery : []),
      ...(broken.has("rawQuery") ? [x.rawQuery] : []),
    ];
    const headers = credentialHeaders(target, broken.has("credential") ? x.credential : "own");
    const idempotencyKey = broken.has("idempotencyKey") ? x.idempotencyKey : needsKey ? v.idempotencyKey : null;
    if (idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey;
    if (broken.has("requestId")) headers["x-request-id"] = x.requestId;
    const body = takesBody ? (broken.has("bodyBytes") ? x.bodyBytes : broken.has("body") ? x.body : v.body) : undefined;
    if (body !== undefined) {
      const type = broken.has("contentType") ? x.contentType : "application/json";
      if (type) headers["content-type"] = type;
      if (broken.has("contentEncoding")) headers["content-encoding"] = x.contentEncoding;
    }
    return {
      method: broken.has("head") ? "HEAD" : target.method.toUpperCase(),
      url: `${PREFIX}${path}${query.length ? `?${query.join("&")}` : ""}`,
      headers,
      ...(body !== undefined ? { body } : {}),
    };
  });
}

// ---- Sending and judging ----------------------------------------------------------------------------

async function send(req: FuzzRequest) {
  const res = await h.app.inject({
    method: req.method as "GET",
    url: req.url,
    headers: req.headers,
    ...(req.body !== undefined ? { payload: req.body } : {}),
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

/** What every answer must be, whatever was asked. Returns a list of what is wrong. */
function problemsOf(req: FuzzRequest, res: Awaited<ReturnType<typeof send>>): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  for (const name of everyAnswerHeaders) if (res.headers[name] === undefined) problems.push(`no ${name} header`);
  if ((Object.prototype as Record<string, unknown>).polluted !== undefined) problems.push("Object.prototype polluted");
  for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) {
    if (!/^\d+$/.test(String(res.headers[name] ?? ""))) problems.push(`header ${name} is ${res.headers[name]}`);
  }
  const requestId = res.headers["x-request-id"];
  if (typeof requestId !== "string" || !requestId) problems.push("no X-Request-Id");
  if (res.status < 400 || req.method === "HEAD") return problems;

  let body: { error?: Record<string, unknown> } & Record<string, unknown>;
  try {
    body = JSON.parse(res.text);
  } catch {
    return [...problems, "the refusal is not JSON"];
  }
  const error = body.error;
  if (Object.keys(body).join() !== "error" || !error || typeof error !== "object") {
    return [...problems, "the refusal is not { error: … }"];
  }
  const extra = Object.keys(error).filter((k) => !["code", "message", "details", "requestId"].includes(k));
  if (extra.length) problems.push(`error has fields ${extra.join()}`);
  const code = error.code as ErrorCode;
  if (!KNOWN_CODES.has(code)) problems.push(`code ${String(code)} is not in the catalogue`);
  else {
    if (statusOf(code) !== res.status) problems.push(`code ${code} answered with ${res.status}`);
    if (error.message !== messageOf(code)) problems.push(`message of ${code} is not its fixed sentence`);
  }
  if (error.requestId !== requestId) problems.push("requestId differs from X-Request-Id");
  if (error.details !== undefined && (typeof error.details !== "object" || error.details === null)) {
    problems.push("details is not an object");
  }
  return problems;
}

const idsIn = (text: string): string[] => text.match(new RegExp(MINTED_ID.source.slice(1, -1), "g")) ?? [];

/** Remember the ids a valid request created, so later cases can name them. */
function learn(req: FuzzRequest, res: Awaited<ReturnType<typeof send>>): void {
  if (req.method === "GET" || req.method === "HEAD" || res.status >= 300) return;
  for (const id of idsIn(res.text)) if (!known.includes(id) && known.length < 200) known.push(id);
}

async function check(req: FuzzRequest): Promise<void> {
  const res = await send(req);
  learn(req, res);
  const problems = problemsOf(req, res);
  if (problems.length) {
    throw new Error(`${problems.join("; ")}\n${res.status} ${res.text.slice(0, 500)}`);
  }
}

// ---- Fixed cases: each kind of hostile input once per operation -------------------------------------

function classicsOf(target: Target): FuzzRequest[] {
  const params = target.op.parameters ?? [];
  const method = target.method.toUpperCase();
  const needsKey = params.some((p) => p.in === "header" && p.name === "Idempotency-Key" && p.required);
  const withSegment = (segment: string) => target.path.replace(/\{\w+\}/g, segment);
  const valid = withSegment(known[0] ?? "x");
  /** A request that is valid but for what the arguments say; a fresh Idempotency-Key each. */
  const request = (path = valid, query = "", body?: string): FuzzRequest => {
    const headers = credentialHeaders(target, "own");
    if (needsKey) headers["idempotency-key"] = `classic-${randomBytes(8).toString("hex")}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    return { method, url: `${PREFIX}${path}${query}`, headers, ...(body !== undefined ? { body } : {}) };
  };
  const requests: FuzzRequest[] = [
    request(valid, "?__proto__=x&constructor=y&prototype=z"),
    { ...request(), headers: {} },
  ];
  if (params.some((p) => p.name === "limit")) {
    for (const limit of ["Infinity", "1e400", "-1", "0x10"]) requests.push(request(valid, `?limit=${limit}`));
  }
  if (params.some((p) => p.in === "path")) {
    for (const segment of [
      "%zz",
      "%ED%A0%80",
      "x".repeat(101),
      "..%2F..",
      "a%00b",
      "00000000-0000-0000-0000-000000000000",
    ]) {
      requests.push(request(withSegment(segment)));
    }
  }
  if (method !== "GET") {
    // A valid body with U+0000, then half a character, in each of its top-level string fields.
    const bodySchema = target.op.requestBody?.content["application/json"].schema;
    const [base] = bodySchema ? fc.sample(validOf(bodySchema, 0, hints), { seed: SEED, numRuns: 1 }) : [];
    if (base instanceof Members) {
      for (const [name, field] of Object.entries(bodySchema?.properties ?? {})) {
        if (field.type !== "string") continue;
        for (const odd of ["a\u0000b", "\ud800x"]) {
          const entries = base.entries.filter(([k]) => k !== name);
          requests.push(request(valid, "", toJsonText(new Members([...entries, [name, odd]]))));
        }
      }
    }
    for (const body of [
      "[".repeat(100_000) + "]".repeat(100_000),
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      '{"a":',
      "[]",
    ]) {
      requests.push(request(valid, "", body));
    }
  }
  return requests;
}

// ---- The suite --------------------------------------------------------------------------------------

describe("fuzzing every operation of the OpenAPI document", () => {
  it("covers the document", () => {
    expect(targets.length).toBeGreaterThan(30);
  });

  targets.forEach((target, index) => {
    it(`${target.method.toUpperCase()} ${target.path}`, async () => {
      for (const req of classicsOf(target)) await check(req);
      await fc.assert(
        fc.asyncProperty(requestOf(target), (req) => check(req)),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    });
  });
});
