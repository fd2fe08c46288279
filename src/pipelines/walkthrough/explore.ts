import { type BrowserSession, captureFrame } from "../../media/browser/index.js";
import type { NetworkFence } from "./network.js";
import { openPage, performBeat, sameDocument } from "./perform.js";
import { type NarrationLanguage, narrationLanguageOf } from "./phrases.js";
import {
  AUTH_LINK,
  type Beat,
  buildPlan,
  type ExploredPage,
  finishBeats,
  MAX_NAV_PAGES,
  type PageScan,
  scanPage,
} from "./plan.js";
import { type SignInCredentials, signIn } from "./sign-in.js";

/**
 * Exploration and planning, shared by the storyboard job and any job that plans before it renders:
 * sign in (optional), explore the start page, its nav pages, the page the sign-in landed on and the
 * call to action, build the plan, then replay it with a screenshot per beat (beats that cannot be
 * replayed are dropped).
 */

export interface WalkthroughRequest {
  url: string;
  hint: string | null;
  /** The storyboard's `options.language`; picks the narration templates (phrases.ts). */
  language: string | null;
  signIn: (SignInCredentials & { additionalLoginOrigins: readonly string[] }) | null;
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
    const approved = [originOf(req.signIn.loginUrl), originOf(req.url), ...req.signIn.additionalLoginOrigins];
    hooks.fence?.setAllowedOrigins(approved);
    try {
      await signIn(page, req.signIn, hooks.signal ? { signal: hooks.signal } : {});
    } finally {
      hooks.fence?.setAllowedOrigins(null);
    }
    landing = page.url();
    await checkpoint();
  }

  await openPage(page, req.url);
  const start = await scanPage(page);

  await checkpoint();
  await progress("exploring", 30);
  const startUrl = start.url;
  const candidates: ExploredPage["link"][] = start.navLinks
    .filter((l) => !sameDocument(l.href, startUrl) && !AUTH_LINK.test(l.name))
    .filter((l) => !(start.cta?.href && sameDocument(l.href, start.cta.href)))
    .slice(0, MAX_NAV_PAGES);
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
      if (!AUTH_LINK.test(new URL(scan.url).pathname.replace(/[-_/]/g, " ")))
        pages.push({ link: link.navigate ? { ...link, name: scan.h1 ?? scan.title } : link, scan });
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
      } catch {
        scan = null;
      }
    }
    cta = { name: start.cta.name, role: start.cta.role, scan };
  }
  await progress("exploring", 70);

  await checkpoint();
  await progress("planning", 80);
  const drafts = buildPlan(start, pages, cta, req.hint, req.language);

  // Replay the plan from the start, as a render would, with a screenshot after each beat.
  const kept: typeof drafts = [];
  const screenshots: Buffer[] = [];
  for (const beat of drafts) {
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
    kept.push({ ...beat, url: beat.action === "click" ? page.url() : beat.url });
    screenshots.push(await captureFrame(page));
  }
  return {
    beats: finishBeats(kept),
    screenshots,
    signedIn: req.signIn !== null,
    narrationLanguage: narrationLanguageOf(req.language),
  };
}
