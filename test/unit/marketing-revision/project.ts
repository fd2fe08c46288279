import { expect } from "vitest";
import { ApiError } from "../../../src/contract/errors.js";
import type { RevisionRules } from "../../../src/domains/marketing/revision/context.js";
import { MUSIC_MOODS } from "../../../src/media/music/tempo.js";
import type { CampaignDocument } from "../../../src/pipelines/marketing/campaign/document.js";
import { fitSceneSeconds } from "../../../src/pipelines/marketing/campaign/scene-seconds.js";
import { CLAIMS, historyOf, PROJECTS, type ProjectName } from "../marketing-edits/fixtures.js";

/**
 * The edit corpus's three projects as stored revisions: their scenes laid out over their length (the
 * fixtures give every scene 6 s), with the rules a project would load: its template's offers, the
 * catalogue (moods that have a tempo), its pinned source version and both brands.
 */

const fitted = (doc: CampaignDocument): CampaignDocument => {
  const scenes = fitSceneSeconds(doc.story.scenes, doc.export.seconds);
  if (!scenes) throw new Error("fixture cannot be laid out");
  return { ...structuredClone(doc), story: { ...doc.story, scenes } };
};

const ASSETS: RevisionRules["source"]["assets"] = [
  ...Array.from({ length: 9 }, (_, i) => ({
    id: `screenshot-${i + 1}`,
    type: "screenshot" as const,
    retained: true,
    aspectRatio: 1.6,
  })),
  { id: "logo-1", type: "logo", retained: true, aspectRatio: 4 },
  { id: "logo-2", type: "logo", retained: true, aspectRatio: 12 },
  { id: "logo-3", type: "logo", retained: false, aspectRatio: 2 },
  { id: "image-1", type: "image", retained: true, aspectRatio: 1 },
];

export const KIT_LOOK = {
  palette: { background: "#0F172A", text: "#F8FAFC", primary: "#F59E0B", primaryText: "#111827", accent: "#22D3EE" },
  fonts: null,
  logo: null,
};
export const SOURCE_LOOK = {
  palette: { background: "#FAFAF9", text: "#1C1917", primary: "#B91C1C", primaryText: "#FFFFFF", accent: "#0EA5E9" },
  fonts: { heading: "lora", body: "dejavu-sans" },
  logo: { sourceId: "src-1", assetId: "image-1" },
};

export function project(name: ProjectName, latestRevision = 4): { document: CampaignDocument; rules: RevisionRules } {
  const { document, catalogue } = PROJECTS[name];
  const history = historyOf(name, latestRevision);
  return {
    document: fitted(document),
    rules: {
      catalogue: { ...catalogue, moods: MUSIC_MOODS },
      outline: [...new Set(document.story.scenes.map((s) => s.kind))],
      source: { id: "src-1", version: 2, language: "en", claims: CLAIMS, assets: ASSETS },
      brands: { source: SOURCE_LOOK, kit: KIT_LOOK },
      latestRevision,
      revisionDocument: (n) => {
        const doc = history(n);
        return doc && fitted(doc);
      },
    },
  };
}

/** The refusal `run` throws: its code and details. */
export function refusalOf(run: () => unknown): { code: string; details: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { code, details } = error as ApiError;
    return { code, details: details ?? {} };
  }
  throw new Error("not refused");
}
