// Layer rules for src/, checked by `npm run lint:layers` (part of `npm run lint`).
//
// The folders of src/ form layers, listed top to bottom below: a layer may import the layers under it,
// never one above. Type-only imports count (tsPreCompilationDeps): an interface is a dependency of the
// design even when it is erased at run time. What a lower layer needs from an upper one is an interface
// the lower layer declares and the composition root (src/app.ts, outside every layer) fills in. An import
// that points back up ties a piece that should stand on its own (a video piece, the URL guard, the
// database, the job engine, the HTTP conventions) to the service's business rules. Under every layer sits
// src/contract (ApiError and the error-code table), which imports nothing else.
//
// Every rule holds with no exceptions: there is no list of tolerated edges.

/** A path condition for a top-level folder of src/ (and everything below it). */
const under = (...folders) => `^src/(${folders.join("|")})(/|$)`;

/** Top to bottom; `why` says what the layer is and what keeps it where it is. */
const LAYERS = [
  {
    id: "transports",
    folders: ["mcp"],
    why: "MCP tools are the mounted operations, called through the HTTP pipeline (app.inject).",
  },
  {
    id: "domains",
    folders: ["domains"],
    why:
      "Business rules: each domain implements its operations, creates jobs and uses the HTTP conventions; " +
      "what it is given is DomainServices (src/domains/services.ts).",
  },
  {
    id: "jobs",
    folders: ["jobs"],
    why:
      "The job engine: what it needs from a domain (the wallet, the outbox, walkthrough services) reaches " +
      "it through JobServices and the ports it declares (src/jobs/services.ts, ports.ts).",
  },
  {
    id: "http",
    folders: ["http"],
    why:
      "The HTTP conventions mount whatever operations they are handed; they see only HttpContext " +
      "(src/http/context.ts) and pass an operation's services to its handler unread.",
  },
  {
    id: "operations",
    folders: ["operations"],
    why:
      "The operation contract (registry rows, scopes, the actor, OperationImpl) that domains implement and " +
      "the HTTP pipeline mounts; a handler's services are a type parameter, so it names no layer above.",
  },
  {
    id: "pipelines",
    folders: ["pipelines"],
    why:
      "What a job kind does, built from the media pieces; what a domain decides (render options, voices, " +
      "credentials) arrives in the job's input or its WalkthroughDeps.",
  },
  {
    id: "pieces",
    folders: ["media", "net", "storage", "db", "webhooks", "metrics"],
    why:
      "Video pieces, the URL guard and egress proxy, stored files, the database, webhook signing: they " +
      "know nothing of the service, and what they need arrives as arguments.",
  },
];

const layerRules = LAYERS.slice(1).map((layer, i) => ({
  name: `${layer.id}-not-above`,
  severity: "error",
  comment: `${layer.why} May not import: ${LAYERS.slice(0, i + 1).map((l) => l.id).join(", ")}.`,
  from: { path: under(...layer.folders) },
  to: { path: under(...LAYERS.slice(0, i + 1).flatMap((l) => l.folders)) },
}));

/** Every folder below the domains, src/contract included. */
const belowDomains = [
  ...LAYERS.slice(LAYERS.findIndex((l) => l.id === "domains") + 1).flatMap((l) => l.folders),
  "contract",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-back-door-to-domains",
      severity: "error",
      comment:
        "Nothing below the domains reaches them through any chain of imports, not even through a file " +
        "outside the layer folders (as src/deps.ts once let src/http reach the password hasher).",
      from: { path: under(...belowDomains) },
      to: { path: under("domains"), reachable: true },
    },
    {
      name: "contract-stays-at-the-bottom",
      severity: "error",
      comment:
        "src/contract (ApiError and the error-code table) is the API contract HTTP and MCP share: every layer " +
        "may import it, so it imports no other part of the service.",
      from: { path: under("contract") },
      to: { path: "^src/", pathNot: under("contract") },
    },
    {
      name: "pipelines-apart",
      comment:
        "The walkthrough and marketing pipelines do not import each other: what both need (the fenced browser " +
        "session, the network fence, a site's name) lives in src/pipelines/browsing, which imports neither.",
      severity: "error",
      from: { path: "^src/pipelines/([^/]+)/" },
      to: {
        path: "^src/pipelines/",
        pathNot: ["^src/pipelines/$1/", "^src/pipelines/browsing/", "^src/pipelines/run[.]ts$"],
      },
    },
    {
      name: "inspections-apart",
      comment:
        "A URL scan (marketing/scan) and a source built from a render (marketing/from-render) do not import each " +
        "other; what both make a version with is marketing/source, which imports neither (nor the job's entry).",
      severity: "error",
      from: { path: "^src/pipelines/marketing/(scan|from-render|source)/" },
      to: {
        path: "^src/pipelines/marketing/",
        pathNot: [
          "^src/pipelines/marketing/$1/",
          "^src/pipelines/marketing/source/",
          "^src/pipelines/marketing/(deps|input)[.]ts$",
        ],
      },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "No module imports itself through others: cycles make load order and reasoning fragile.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "Every import resolves (a typo or a missing package fails here, not at run time).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment: "The service's code (not its tests) needs only runtime dependencies.",
      from: { path: "^src/", pathNot: "^src/testutil/" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: they are dependencies of the design even if erased at run time.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
