// Sentence edits and revision lists timed one request at a time through the API, each edit valid against
// the latest revision (expectedRevision kept right), each followed by the baseline: GET the project
// (auth, one row, the latest revision's document), measured the same way at the same moment, so a busy
// spell on the shared machine shows in both.
import type { ApiClient } from "./api-client.js";
import { BenchError } from "./load.js";

/**
 * Edits that change no copy, in an order where each is valid after the one before: a speed up and back,
 * square and back to the template's landscape, a scene hidden and shown. The product-launch template has
 * no proof scene; its problem scene is the one hidden.
 */
export const NO_COPY_EDITS = [
  "make it faster",
  "make it square",
  "hide the problem scene",
  "make it slower",
  "make it landscape",
  "show the problem scene",
] as const;

const OPENERS = ["Onboard", "Welcome", "Bring", "Guide", "Move", "Launch", "Help", "Lead"];
const OBJECTS = [
  "every customer",
  "new accounts",
  "your key customers",
  "each team you sign",
  "customers and their admins",
  "every new workspace",
  "the accounts you just closed",
];
const TAILS = [
  "",
  "without the spreadsheets",
  "with shared checklists and reminders",
  "with one plan everybody can see from kickoff to launch",
  "calmly",
  "with live progress dashboards for the whole team",
];

/** The cap of a headline (limits.ts TEXT_CAPS.headline): new words are cut at a word to stay within it. */
const HEADLINE_CAP = 70;

/** The i-th headline: varied words and lengths (about 15 to 70 characters), no claims, no quotes. */
export function headline(i: number): string {
  const words = [OPENERS[i % OPENERS.length], OBJECTS[(i * 3) % OBJECTS.length], TAILS[(i * 5) % TAILS.length]]
    .filter(Boolean)
    .join(" ")
    .split(" ");
  let text = "";
  for (const w of words) {
    if (`${text} ${w}`.trim().length > HEADLINE_CAP) break;
    text = `${text} ${w}`.trim();
  }
  return text;
}

export interface EditSample {
  instruction: string;
  ms: number;
  /** GET /marketing/projects/{id} right after (the baseline). */
  baselineMs: number;
}

/**
 * `count` sentence edits of the project, the i-th's instruction `instructionOf(i)`, each stored (201) as
 * the next revision. Dry runs of the first `warmup` instructions go first, unscored (JIT, the copy-fit
 * page and its fonts): they store nothing.
 */
export async function timedEdits(
  api: ApiClient,
  projectId: string,
  count: number,
  instructionOf: (i: number) => string,
  warmup = 3,
): Promise<{ samples: EditSample[]; latestRevision: number }> {
  const project = await api.expect(200, "GET", `/marketing/projects/${projectId}`);
  let revision = project.body.latestRevision as number;
  for (let i = 0; i < warmup; i++) {
    const body = { expectedRevision: revision, instruction: instructionOf(i), dryRun: true };
    await api.expect(200, "POST", `/marketing/projects/${projectId}/edits`, body);
  }
  const samples: EditSample[] = [];
  for (let i = 0; i < count; i++) {
    const instruction = instructionOf(i);
    const body = { expectedRevision: revision, instruction };
    const edit = await api.call("POST", `/marketing/projects/${projectId}/edits`, body);
    if (edit.status !== 201)
      throw new BenchError(`edit ${i + 1} “${instruction}” answered ${edit.status}: ${JSON.stringify(edit.body)}`);
    revision = edit.body.revision.number as number;
    const baseline = await api.expect(200, "GET", `/marketing/projects/${projectId}`);
    samples.push({ instruction, ms: edit.ms, baselineMs: baseline.ms });
  }
  return { samples, latestRevision: revision };
}

/** GET …/revisions?limit=`limit`, `count` times, each answer checked to hold `limit` revisions. */
export async function timedRevisionLists(
  api: ApiClient,
  projectId: string,
  limit: number,
  count: number,
): Promise<{ samples: EditSample[]; bytes: number }> {
  const path = `/marketing/projects/${projectId}/revisions?limit=${limit}`;
  let bytes = 0;
  const samples: EditSample[] = [];
  for (let i = 0; i < count + 1; i++) {
    const list = await api.expect(200, "GET", path);
    if (list.body.data.length !== limit)
      throw new BenchError(`the list held ${list.body.data.length} revisions, not ${limit}`);
    bytes = list.bytes;
    const baseline = await api.expect(200, "GET", `/marketing/projects/${projectId}`);
    // The first is a warm-up (the schema's serialiser, the page cache), unscored.
    if (i > 0) samples.push({ instruction: path, ms: list.ms, baselineMs: baseline.ms });
  }
  return { samples, bytes };
}
