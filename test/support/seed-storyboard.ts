import { iso } from "../../src/clock.js";
import { uuidv7 } from "../../src/ids.js";
import type { JobRow } from "../../src/jobs/envelope.js";
import type { StoredStoryboardOptions } from "../../src/pipelines/walkthrough/storyboard-input.js";
import type { Harness } from "../../src/testutil/harness.js";
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
