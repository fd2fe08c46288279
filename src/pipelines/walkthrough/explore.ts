import { type BrowserSession, captureFrame, waitForSettled, watchNetwork } from "../../media/browser/index.js";
import { AUTH_LINK } from "../browsing/auth-link.js";
import type { NetworkFence } from "../browsing/network-fence.js";
import type { Beat, PlanWarning } from "./beats.js";
import { MAX_EXPLORED_PAGES, pagesToExplore } from "./explore-order.js";
import { linkMatches } from "./intent-match.js";
import { unperformed } from "./intent-plan.js";
import { parseIntents } from "./intents.js";
import { writeNarration } from "./narration-writer.js";
import { openPage, performBeat, sameDocument } from "./perform.js";
import { type NarrationLanguage, narrationLanguageOf } from "./phrases.js";
import {
  type ExploredPage,
  finishBeats,
  MAX_BEATS,
  MAX_NAV_PAGES,
  type PageScan,
  scanPage,
  siteNameOf,
} from "./plan.js";
import { beatCountOf, planDrafts } from "./planner.js";
import type { SignInCredentials } from "./sign-in.js";
import { signInWithinApprovedOrigins } from "./sign-in-fenced.js";
import { buildSiteMap, type PageSnapshot } from "./site-map.js";
import { collectSnapshot } from "./site-map-collect.js";

/**
 * Exploration and planning, shared by the storyboard job and any job that plans before it renders:
 * sign in (optional), explore the start page, its nav pages, the page the sign-in landed on and the
 * call to action, plan (planner.ts: one chain of steps), then replay the plan with a screenshot per
 * beat (beats that cannot be replayed are dropped) and write its lines for the beats performed.
 */

export interface WalkthroughRequest {
  url: string;
  hint: string | null;
  /** The storyboard's `options.language`; picks the narration templates (phrases.ts). */
  language: string | null;
  signIn: (SignInCredentials & { additionalLoginOrigins: readonly string[] }) | null;
  /** The storyboard's fixed length: the plan offers enough beats and narration to fill it. */
  targetSeconds?: number | null;
  /** The Auto ceiling: the narration stays within it. */
  maxSeconds?: number | null;
}

export interface PlanHooks {
  progress(stage: string, percent: number): Promise<void>;
  checkpoint(): Promise<void>;
  /** When given, main-frame navigations are held to the approved origins while signing in. */
  fence?: NetworkFence | null;
  signal?: AbortSignal;
}

export interface WalkthroughPlan {
  beats: Beat[];
  /** One PNG per beat, after it. */
  screenshots: Buffer[];
  signedIn: boolean;
  narrationLanguage: NarrationLanguage;
  /** The hint's intents the plan could not meet (empty without a hint). */
  warnings: PlanWarning[];
}

const originOf = (url: string): string => new URL(url).origin;

/** Throws NavigationError (perform.ts) when the start page does not open, SignInError when signing in fails. */
export async function planWalkthrough(
  session: BrowserSession,
  req: WalkthroughRequest,
  hooks: PlanHooks,
): Promise<WalkthroughPlan> {
  const { page } = session;
  const { progress, checkpoint } = hooks;
  await checkpoint();
  await progress("opening", 5);

  let landing: string | null = null;
  if (req.signIn) {
    await progress("signing_in", 10);
    await signInWithinApprovedOrigins(page, req.signIn, {
      fence: hooks.fence,
      startUrl: req.url,
      signal: hooks.signal,
    });
    landing = page.url();
    await checkpoint();
  }

  await openPage(page, req.url);
  const start = await scanPage(page);
  // The site map's view of each explored page (navigation anywhere, what each page shows).
  const snapshots: PageSnapshot[] = [await collectSnapshot(page)];
  const intents = parseIntents(req.hint);
  const english = narrationLanguageOf(req.language) === "en";
  const length = { english, targetSeconds: req.targetSeconds ?? null, maxSeconds: req.maxSeconds ?? null };
  // A long video needs more pages to show than the default three; a fixed length may need more beats
  // than it asks for at first (planner.ts), so its pages are explored for the most it may take.
  const beatCount = length.targetSeconds ? MAX_BEATS : beatCountOf(length);
  const navPages = Math.min(MAX_EXPLORED_PAGES, Math.max(MAX_NAV_PAGES, Math.ceil(beatCount / 3)));

  await checkpoint();
  await progress("exploring", 30);
  const startUrl = start.url;
  const candidates: ExploredPage["link"][] = pagesToExplore(
    snapshots[0] as PageSnapshot,
    intents,
    navPages,
    // Sign-in links are left out unless the hint names one ("the account settings").
    (l) =>
      (AUTH_LINK.test(l.name) && !intents.some((i) => linkMatches(i, l))) ||
      !!(start.cta?.href && sameDocument(l.url, start.cta.href)),
  );
  // The page a sign-in lands on (a dashboard) is what signed-in viewers came for: it goes first, opened
  // directly when the start page does not link to it.
  if (
    landing &&
    originOf(landing) === originOf(startUrl) &&
    !sameDocument(landing, startUrl) &&
    !sameDocument(landing, req.signIn?.loginUrl ?? "") &&
    !candidates.some((l) => sameDocument(l.href, landing as string))
  )
    candidates.unshift({ name: "", href: landing, navigate: true });

  const pages: ExploredPage[] = [];
  for (const [i, link] of candidates.entries()) {
    await checkpoint();
    try {
      await openPage(page, link.href);
      const scan = await scanPage(page);
      // Never explore past a sign-in: a page that bounced to a login form is left out.
      const bounced =
        !sameDocument(scan.url, link.href) && AUTH_LINK.test(new URL(scan.url).pathname.replace(/[-_/]/g, " "));
      if (!bounced) {
        pages.push({ link: link.navigate ? { ...link, name: scan.h1 ?? scan.title } : link, scan });
        snapshots.push(await collectSnapshot(page));
      }
    } catch {
      // A page that does not open is left out of the plan.
    }
    await progress("exploring", 30 + Math.round(((i + 1) / (candidates.length + 1)) * 40));
  }
  let cta: { name: string; role: "link" | "button"; scan: PageScan | null } | null = null;
  if (start.cta) {
    let scan: PageScan | null = null;
    if (start.cta.href && !sameDocument(start.cta.href, startUrl)) {
      await checkpoint();
      try {
        await openPage(page, start.cta.href);
        scan = await scanPage(page);
        snapshots.push(await collectSnapshot(page));
      } catch {
        scan = null;
      }
    }
    cta = { name: start.cta.name, role: start.cta.role, scan };
  }
  await progress("exploring", 70);

  await checkpoint();
  await progress("planning", 80);
  const site = siteNameOf(start, [...pages.map((p) => p.scan), ...(cta?.scan ? [cta.scan] : [])]);
  const map = buildSiteMap(snapshots);
  const steered = planDrafts({
    map,
    intents,
    hint: req.hint,
    start,
    pages,
    cta,
    language: req.language,
    site,
    ...length,
  });
  const drafts = steered.drafts;

  // Replay the plan from the start, as a render would, with a screenshot after each beat once the page
  // has settled (no half-drawn charts). The watch is dropped with the session if a beat throws.
  const network = watchNetwork(page);
  const kept: typeof drafts = [];
  const screenshots: Buffer[] = [];
  const performed = new Set<number>();
  for (const [index, beat] of drafts.entries()) {
    await checkpoint();
    let done = false;
    try {
      done = await performBeat(page, beat);
    } catch (err) {
      // The first page must open again; a later step that fails is dropped.
      if (kept.length === 0) throw err;
      done = false;
    }
    if (!done) continue;
    performed.add(index);
    kept.push({ ...beat, url: beat.action === "click" ? page.url() : beat.url });
    await waitForSettled(page, { network, ...(hooks.signal ? { signal: hooks.signal } : {}) });
    screenshots.push(await captureFrame(page));
  }
  network.dispose();
  // Lines are written for the beats that were performed, sized to the length.
  const written = english ? writeNarration(kept, map, { site, ...length }) : kept;
  return {
    beats: finishBeats(written),
    screenshots,
    signedIn: req.signIn !== null,
    narrationLanguage: narrationLanguageOf(req.language),
    warnings: [...steered.warnings, ...unperformed(steered, intents, performed)],
  };
}
