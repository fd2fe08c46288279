// Marketing generations, projects and sentence edits through the API: the fixture SaaS site
// (test/support/marketing-sites.ts, "Tidewell") scanned once at the start (not timed), then in one run:
//
// - a 30 s product-launch generation, preflight included (POST preflight, POST generation, the job run
//   to success): ≤ 8 s wall, each round and the median, its time split into TTS (festival), Chromium
//   stills and the rest by the job's progress stages and a profile of its pieces;
// - a sentence edit that changes no copy (speed, orientation, a scene hidden or shown): p95 ≤ 50 ms;
// - a copy edit ("change the headline of the hook to '…'") with its Chromium overflow check: p95 ≤ 400 ms;
// - GET …/revisions?limit=100 on a project holding 100 revisions: p95 ≤ 30 ms.
//
// Requests go over real HTTP on loopback to the service (Harness: buildApp on SQLite, the embedded job
// runner, raised rate limits) listening in the benchmark's process. Baseline in the same run: after every
// timed request, GET /marketing/projects/{id} (auth, one row, one document) timed the same way, so the
// machine's busy spells show on both sides of the ratio.

import { Harness } from "../../src/testutil/harness.js";
import { startMarketingSite } from "../../test/support/marketing-sites.js";
import { apiClient } from "../lib/api-client.js";
import { profileEdits } from "../lib/edit-profile.js";
import { profileGeneration } from "../lib/generation-profile.js";
import { latency } from "../lib/latency.js";
import { BenchError, median } from "../lib/load.js";
import { headline, NO_COPY_EDITS, timedEdits, timedRevisionLists } from "../lib/marketing-edits.js";
import { type GenerationRound, generateOnce } from "../lib/marketing-generation.js";
import { marketingReport } from "../lib/marketing-report.js";
import { load } from "../lib/report.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const GENERATION_ROUNDS = num("BENCH_ROUNDS", 3);
/** 99 edits on top of revision 1: the project then holds the 100 revisions the list target names. */
const NO_COPY_COUNT = 99;
const COPY_COUNT = num("BENCH_EDITS", 60);
const LIST_LIMIT = 100;
const LIST_COUNT = num("BENCH_EDITS", 60);
const PROFILE_COUNT = 30;
const RAISED = 1_000_000_000;

const copyInstruction = (i: number) => `change the headline of the hook to '${headline(i)}'`;
const noCopyInstruction = (i: number) => NO_COPY_EDITS[i % NO_COPY_EDITS.length] as string;

async function run({ command }: { command: string }): Promise<SuiteResult> {
  const loadBefore = load();
  const site = await startMarketingSite("saas");
  const h = await Harness.start({
    config: {
      allowPrivateHosts: ["127.0.0.1"],
      scan: { extraPages: 4, pageTimeoutMs: 15_000, scanTimeoutMs: 90_000 },
      rateLimits: {
        perMinute: { read: RAISED, write: RAISED, expensive: RAISED, charge: RAISED },
        account: RAISED,
        unauthenticated: RAISED,
      },
    },
    rateStore: "memory",
  });
  try {
    const base = await h.app.listen({ host: "127.0.0.1", port: 0 });
    const user = await h.user();
    const api = apiClient(base, user.key);

    console.log("scanning the fixture site (not timed)");
    const source = await api.expect(202, "POST", "/marketing/sources", { url: `${site.url}/` });
    await h.drain();
    const scanned = await api.expect(200, "GET", `/marketing/sources/${source.body.id}`);
    if (scanned.body.state !== "succeeded") throw new BenchError(`scan ${scanned.body.state}`);
    const request = { sourceId: source.body.id as string, templateId: "product-launch", seconds: 30 };

    const warm = await generateOnce(h, api, request);
    console.log(`generation warm-up: ${(warm.wallMs / 1000).toFixed(2)} s`);
    const rounds: GenerationRound[] = [];
    for (let r = 1; r <= GENERATION_ROUNDS; r++) {
      rounds.push(await generateOnce(h, api, request));
      console.log(`generation ${r}/${GENERATION_ROUNDS}: ${((rounds.at(-1)?.wallMs ?? 0) / 1000).toFixed(2)} s`);
    }
    const generationId = rounds.at(-1)?.id ?? warm.id;
    const generationProfile = await profileGeneration(h, generationId);

    const newProject = async () =>
      (await api.expect(201, "POST", "/marketing/projects", { generationId })).body.id as string;
    const noCopyProject = await newProject();
    const noCopy = await timedEdits(api, noCopyProject, NO_COPY_COUNT, noCopyInstruction);
    console.log(`no-copy edits: p95 ${latency(noCopy.samples.map((s) => s.ms)).p95.toFixed(1)} ms`);
    const lists = await timedRevisionLists(api, noCopyProject, LIST_LIMIT, LIST_COUNT);
    console.log(`revision lists: p95 ${latency(lists.samples.map((s) => s.ms)).p95.toFixed(1)} ms`);
    const copyProject = await newProject();
    const copy = await timedEdits(api, copyProject, COPY_COUNT, copyInstruction);
    console.log(`copy edits: p95 ${latency(copy.samples.map((s) => s.ms)).p95.toFixed(1)} ms`);

    const range = (from: number, f: (i: number) => string) =>
      Array.from({ length: PROFILE_COUNT }, (_, i) => f(from + i));
    const noCopyProfile = await profileEdits(h, user.id, noCopyProject, range(NO_COPY_COUNT, noCopyInstruction));
    const copyProfile = await profileEdits(h, user.id, copyProject, range(COPY_COUNT, copyInstruction));

    return marketingReport({
      command,
      load: `${loadBefore} at the start, ${load()} at the end`,
      request,
      warm,
      rounds,
      medianWallMs: median(rounds.map((r) => r.wallMs)),
      generationProfile,
      noCopy: noCopy.samples,
      copy: copy.samples,
      lists: lists.samples,
      listBytes: lists.bytes,
      noCopyProfile,
      copyProfile,
    });
  } finally {
    await h.close();
    await site.close();
  }
}

export const marketing: Suite = {
  name: "marketing",
  title: "a generation, sentence edits and a revision list on the fixture SaaS site",
  run,
};
