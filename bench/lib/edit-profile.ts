// Where a sentence edit's time goes: the operation's steps (src/domains/marketing/projects/edit-project.ts)
// called one after another from here on a project, each timed; nothing is stored and nothing in src/ is
// changed or wrapped. The instructions run in the order the scored edits did, each on the document the
// one before made, so every step does the work it did in the scored run. The copy-fit check is then split
// per scene on a scene page of its own: each scene is one page-script run, and runPageScript opens a CDP
// session for each run (attach, Page.getFrameTree + Runtime.enable, Runtime.evaluate, detach); the bare
// round trip of such a session, evaluating nothing, is timed beside each scene's measure.
import type { Page } from "playwright-core";
import { interpretEdit } from "../../src/domains/marketing/edits/interpret.js";
import { projectRules } from "../../src/domains/marketing/projects/rules.js";
import { findProject, revisionDocuments } from "../../src/domains/marketing/projects/store.js";
import { applyOperations } from "../../src/domains/marketing/revision/apply.js";
import { checkContent } from "../../src/domains/marketing/revision/check.js";
import { checkTiming, ESTIMATED_SPEECH } from "../../src/domains/marketing/revision/checks/timing.js";
import type { PinnedSource } from "../../src/domains/marketing/revision/context.js";
import { readableVersion } from "../../src/domains/marketing/sources/pinned-version.js";
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";
import { sceneSpecs } from "../../src/pipelines/marketing/layout/scene-specs.js";
import { measureOverflow, openScenePage } from "../../src/pipelines/marketing/scenes/draw.js";
import { resolveSceneFonts } from "../../src/pipelines/marketing/scenes/fonts.js";
import type { SceneImage } from "../../src/pipelines/marketing/scenes/types.js";
import type { Harness } from "../../src/testutil/harness.js";
import { BenchError } from "./load.js";

export const EDIT_STEPS = [
  "find the project",
  "load the rules (all)",
  "… of which: the source manifest, read and checked",
  "… of which: every revision's document (text)",
  "interpret the sentence",
  "apply + checkDocument",
  "copy fit (the service's ChromiumCopyFit)",
] as const;
export type EditStep = (typeof EDIT_STEPS)[number];

export interface CopyFitSplit {
  /** Scenes measured per document (the visible ones: one page-script run each). */
  scenes: number[];
  /** measureOverflow per scene: markup built, one page-script run, the fit in the page. */
  measureMs: number[];
  /** A bare CDP session round trip as runPageScript makes one per run, evaluating nothing. */
  roundTripMs: number[];
}

/** A measure reads an image's shape only (as chromium-copy-fit.ts lays out an image it has no ratio for). */
const shaped = (ratio: number | null): SceneImage => ({
  file: Buffer.alloc(0),
  contentType: "image/png",
  ...(ratio && ratio > 0 ? { width: Math.round(1000 * ratio), height: 1000 } : { width: 1600, height: 900 }),
});

async function cdpRoundTrip(page: Page): Promise<number> {
  const t0 = performance.now();
  const cdp = await page.context().newCDPSession(page);
  await Promise.all([cdp.send("Page.getFrameTree"), cdp.send("Runtime.enable")]);
  await cdp.send("Runtime.evaluate", { expression: "0", returnByValue: true });
  await cdp.detach();
  return performance.now() - t0;
}

export async function profileEdits(
  h: Harness,
  accountId: string,
  projectId: string,
  instructions: readonly string[],
): Promise<{ steps: Record<EditStep, number[]>; split: CopyFitSplit }> {
  const steps = Object.fromEntries(EDIT_STEPS.map((s) => [s, [] as number[]])) as Record<EditStep, number[]>;
  const timed = async <T>(step: EditStep, work: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const value = await work();
    steps[step].push(performance.now() - t0);
    return value;
  };
  const db = h.deps.db.kysely;
  const documents: CampaignDocument[] = [];
  let assets: PinnedSource["assets"] = [];
  let current: CampaignDocument | null = null;
  for (const instruction of instructions) {
    const now = h.clock.now();
    const project = await timed("find the project", () => findProject(db, accountId, projectId));
    if (!project) throw new BenchError(`profile: project ${projectId} is gone`);
    const { rules } = await timed("load the rules (all)", () => projectRules(h.deps, project, now));
    assets = rules.source.assets;
    const version = Number(project.source_version);
    await timed(EDIT_STEPS[2], () => readableVersion(h.deps, accountId, project.source_id, version, now));
    await timed(EDIT_STEPS[3], () => revisionDocuments(db, project.id));
    const latest = current ?? rules.revisionDocument(rules.latestRevision);
    if (!latest) throw new BenchError("profile: no latest revision");
    const outcome = await timed("interpret the sentence", () =>
      interpretEdit({
        instruction,
        document: latest,
        latestRevision: rules.latestRevision,
        revisionDocument: rules.revisionDocument,
        claims: rules.source.claims,
        catalogue: rules.catalogue,
      }),
    );
    if (!outcome.understood) throw new BenchError(`profile: “${instruction}” not understood`);
    const document = await timed("apply + checkDocument", () => {
      const next = applyOperations(latest, outcome.operations, rules);
      checkContent(next, rules);
      checkTiming(next, ESTIMATED_SPEECH);
      return next;
    });
    const overflow = await timed(EDIT_STEPS[6], () => h.deps.copyFit.overflow(document, rules.source));
    if (overflow.length) throw new BenchError(`profile: “${instruction}” overflows: ${JSON.stringify(overflow)}`);
    documents.push(document);
    current = document;
  }
  return { steps, split: await splitCopyFit(h, documents, assets) };
}

/** Each document's scenes measured one by one, a bare CDP round trip beside each. */
async function splitCopyFit(
  h: Harness,
  documents: readonly CampaignDocument[],
  assets: PinnedSource["assets"],
): Promise<CopyFitSplit> {
  const ratio = (id: string) => assets.find((a) => a.id === id)?.aspectRatio ?? null;
  const session = await openScenePage(h.deps.walkthrough.browser);
  const split: CopyFitSplit = { scenes: [], measureMs: [], roundTripMs: [] };
  try {
    for (const document of documents) {
      const fonts = await resolveSceneFonts(h.deps.fonts, document.style.fonts);
      const specs = await sceneSpecs(
        document,
        fonts,
        async (id) => shaped(ratio(id)),
        async () => shaped(null),
      );
      split.scenes.push(specs.length);
      for (const spec of specs) {
        const t0 = performance.now();
        await measureOverflow(session.page, spec);
        split.measureMs.push(performance.now() - t0);
        split.roundTripMs.push(await cdpRoundTrip(session.page));
      }
    }
  } finally {
    await session.close();
  }
  return split;
}
