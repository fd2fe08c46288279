import { iso } from "../../src/clock.js";
import { prepareStoryboard } from "../../src/domains/storyboards/create-storyboard.js";
import { sealCredentials, storeCredentials } from "../../src/domains/storyboards/credentials.js";
import { uuidv7 } from "../../src/ids.js";
import { createJob } from "../../src/jobs/create.js";
import type { JobRow } from "../../src/jobs/envelope.js";
import type { StoredStoryboardOptions } from "../../src/pipelines/walkthrough/storyboard-input.js";
import type { Harness, TestResponse } from "../../src/testutil/harness.js";
import { ranJobRow } from "./job-row.js";

export interface SeedBeat {
  id: string;
  title: string;
  action: "navigate" | "click" | "type" | "scroll" | "hover";
  target: { role?: string; name?: string; css?: string } | null;
  url: string;
  value?: string;
  narration: string;
  estimatedSeconds: number;
}

/** Options as a storyboard stores them; a test may name ids the catalogue does not know. */
export type SeedOptions = StoredStoryboardOptions;

export const DEFAULT_OPTIONS: SeedOptions = {
  avatar: "none",
  background: "midnight",
  captionStyle: "classic",
  capture: "desktop",
  language: "en-US",
  orientation: "landscape",
  voiceId: null,
  templateId: null,
  targetSeconds: null,
  maxSeconds: null,
};

/** Five beats of the fixture site, as the planner writes them (urls under `base`). */
export function siteBeats(base: string): SeedBeat[] {
  return [
    {
      id: "b1",
      title: "Welcome",
      action: "navigate",
      target: null,
      url: `${base}/`,
      narration: "Welcome to Acme Analytics.",
      estimatedSeconds: 3,
    },
    {
      id: "b2",
      title: "Features",
      action: "click",
      target: { role: "link", name: "Features" },
      url: `${base}/features`,
      narration: "Let's open Features.",
      estimatedSeconds: 3,
    },
    {
      id: "b3",
      title: "Pricing",
      action: "click",
      target: { role: "link", name: "Pricing" },
      url: `${base}/pricing`,
      narration: "Pricing is simple.",
      estimatedSeconds: 3,
    },
    {
      id: "b4",
      title: "Home",
      action: "navigate",
      target: null,
      url: `${base}/`,
      narration: "Back home.",
      estimatedSeconds: 3,
    },
    {
      id: "b5",
      title: "Scroll",
      action: "scroll",
      target: { role: "heading", name: "How it works" },
      url: `${base}/`,
      narration: "Scroll down to see how it works.",
      estimatedSeconds: 3,
    },
  ];
}

/**
 * A storyboard job row as a finished planning run leaves it (its plan stored as the `storyboard`
 * artifact), without running Chromium: for tests of what renders do with a plan.
 */
export async function seedStoryboard(
  h: Harness,
  accountId: string,
  opts: {
    state?: JobRow["state"];
    beats?: SeedBeat[];
    options?: Partial<SeedOptions>;
    signedIn?: boolean;
    url?: string;
    expired?: boolean;
  } = {},
): Promise<string> {
  const now = h.clock.now();
  const id = uuidv7(now.getTime());
  const state = opts.state ?? "succeeded";
  const url = opts.url ?? "https://site.example/";
  let result: string | null = null;
  if (state === "succeeded") {
    const plan = {
      url,
      hint: null,
      options: { ...DEFAULT_OPTIONS, ...opts.options },
      beats: opts.beats ?? siteBeats(url.replace(/\/$/, "")),
      signedIn: opts.signedIn ?? false,
      createdAt: iso(now),
    };
    const file = await h.deps.storage.put(`jobs/${id}/storyboard.json`, Buffer.from(JSON.stringify(plan)));
    result = JSON.stringify({ artifacts: [{ type: "storyboard", ...file }], durationSeconds: 15 });
  }
  await h.deps.db.kysely
    .insertInto("jobs")
    .values(
      ranJobRow({
        id,
        accountId,
        kind: "walkthrough.storyboard",
        state,
        at: iso(now),
        result,
        input: { url },
        failedWith: "url_invalid",
        expired: opts.expired ?? false,
      }),
    )
    .execute();
  return id;
}

/**
 * Queues a storyboard job that signs in first, its demo credentials sealed in the job's transaction under
 * its id, as POST /storyboards does (none when `password` is null), runs the workers until they are quiet
 * and answers the storyboard's envelope.
 */
export async function planSignedIn(
  h: Harness,
  user: { id: string; key: string },
  opts: { url: string; loginUrl: string; username: string; password: string | null; language?: string },
): Promise<TestResponse["body"]> {
  const { url, loginUrl, username, password } = opts;
  const input = await prepareStoryboard(h.deps, user.id, {
    url,
    ...(opts.language ? { language: opts.language } : {}),
  });
  const { job } = await createJob(h.deps, {
    accountId: user.id,
    kind: "walkthrough.storyboard",
    input: { ...input, signIn: { loginUrl, additionalLoginOrigins: [] } },
    reserveSeconds: 0,
    watermark: false,
    idempotencyKey: null,
    requestId: null,
    onCreate: async (tx, row) => {
      if (password === null) return;
      const sealed = sealCredentials(h.deps, { loginUrl, username, password, additionalLoginOrigins: [] });
      await storeCredentials(tx, { ownerId: row.id, accountId: user.id, sealed }, h.clock.now());
    },
  });
  await h.drain();
  return (await h.request("GET", `/storyboards/${job.id}`, { token: user.key })).body;
}
