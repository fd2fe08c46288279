// Layer rules for src/, checked by `npm run lint:layers` (part of `npm run lint`).
//
// Domains (business rules) create jobs; the job engine (src/jobs) runs pipelines; pipelines are built
// from the media, net, storage and db pieces. The HTTP conventions (src/http) and the operation contract
// (src/operations) serve every domain and import none. An import that points back up ties a piece that
// should stand on its own (a video piece, the URL guard, the database, the job engine) to the service's
// business rules, and closes the folder cycles these rules forbid.
//
// Every rule holds with no exceptions: there is no list of tolerated edges.

/** A path condition for a top-level folder of src/ (and everything below it). */
const under = (...folders) => `^src/(${folders.join("|")})(/|$)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
      name: "http-not-to-domains",
      severity: "error",
      comment:
        "The HTTP conventions (src/http) are shared by every operation; a convention that needs a domain's " +
        "data gets it through Deps or an interface the domain fills in, not by importing the domain.",
      from: { path: under("http") },
      to: { path: under("domains") },
    },
    {
      name: "media-stays-below",
      severity: "error",
      comment:
        "The media pieces (browser, ffmpeg, tts, captions, compositor) know nothing of the service: no " +
        "domains, jobs, pipelines, HTTP conventions or operations. What they need arrives as arguments.",
      from: { path: under("media") },
      to: { path: under("domains", "jobs", "pipelines", "http", "operations") },
    },
    {
      name: "infrastructure-stays-below",
      severity: "error",
      comment:
        "src/net, src/storage and src/db sit at the bottom: they import no domain, job, pipeline or HTTP " +
        "convention. (Refusals they raise use the error type the caller maps, not src/http.)",
      from: { path: under("net", "storage", "db") },
      to: { path: under("domains", "jobs", "pipelines", "http") },
    },
    // No cycle between the layer folders (domains ↔ jobs, domains ↔ pipelines, jobs ↔ pipelines,
    // operations ↔ domains): each pair may depend one way only, the way the layers point. With the back
    // edges forbidden, no cycle through these folders can form, however many files it passes through.
    {
      name: "jobs-not-to-domains",
      severity: "error",
      comment:
        "The job engine (src/jobs) runs below the domains: what settling or creating a job needs from a " +
        "domain (wallet reservations, webhook events) reaches it as an interface filled in by the caller.",
      from: { path: under("jobs") },
      to: { path: under("domains") },
    },
    {
      name: "pipelines-not-to-domains",
      severity: "error",
      comment:
        "Pipelines are built from media pieces and the job's input; they do not reach back into a domain. " +
        "What a domain decides (render options, voices, credentials) arrives in the job's input or context.",
      from: { path: under("pipelines") },
      to: { path: under("domains") },
    },
    {
      name: "pipelines-not-to-jobs",
      severity: "error",
      comment:
        "Layers point domains → jobs → pipelines: the job catalogue imports the pipelines, so a pipeline " +
        "must not import src/jobs back (the contract it implements has to live where both can see it).",
      from: { path: under("pipelines") },
      to: { path: under("jobs") },
    },
    {
      name: "operations-not-to-domains",
      severity: "error",
      comment:
        "Domains implement the operation contract (src/operations: registry, scopes, define); the contract " +
        "does not import its implementations. Collecting them is the composition root's job.",
      from: { path: under("operations") },
      to: { path: under("domains", "jobs", "pipelines") },
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
