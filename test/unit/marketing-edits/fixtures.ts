import type { EditCatalogue, EditInput } from "../../../src/domains/marketing/edits/context.js";
import type { CampaignDocument, CampaignScene, SceneKind } from "../../../src/pipelines/marketing/campaign/document.js";

/**
 * Three projects the edit corpus runs against, shaped as generations make them: a 30 s feature highlight
 * (the example), a 60 s product launch with one hidden feature, a quote and pricing, and a 15 s portrait social teaser
 * (music only). Their earlier revisions differ in length only, so a revert is visible.
 */

const scene = (id: string, kind: SceneKind, headline: string, extra: Partial<CampaignScene> = {}): CampaignScene => ({
  id,
  kind,
  hidden: false,
  seconds: 6,
  headline,
  body: `${headline}, in a sentence.`,
  cta: null,
  quote: null,
  narration: `${headline}.`,
  visual: { type: "screenshot", assetId: `screenshot-${id.slice(3)}` },
  ...extra,
});
const cta = (id: string) =>
  scene(id, "call_to_action", "Start building today", {
    cta: { text: "Try it free", url: "https://example.com/signup" },
  });

const base = (scenes: CampaignScene[], seconds: number): CampaignDocument => ({
  schema: "clipwright.campaign.v1",
  story: { coverText: "New themes weekly", scenes },
  style: {
    palette: { background: "#FFFFFF", text: "#111827", primary: "#4F46E5", primaryText: "#FFFFFF", accent: "#F59E0B" },
    fonts: { heading: "inter", body: "inter" },
    logo: { sourceId: "src-1", assetId: "logo-1", scale: 1, hidden: false },
    captions: { enabled: true, style: "karaoke" },
  },
  sound: {
    voiceId: "festival:kal_diphone",
    audioMode: "voice_and_music",
    speed: 1,
    music: { mood: "calm", volume: 0.35 },
    voiceVolume: 1,
  },
  export: { orientation: "landscape", seconds, format: "mp4" },
});

const feature = base(
  [
    scene("sc-1", "hook", "Ship themes weekly"),
    scene("sc-2", "feature", "Live preview"),
    scene("sc-3", "proof", "Trusted by 2,400 teams"),
    cta("sc-4"),
  ],
  30,
);

const launch = base(
  [
    scene("sc-1", "hook", "Meet Themewright"),
    scene("sc-2", "problem", "Theming takes weeks"),
    scene("sc-3", "reveal", "Themes in minutes"),
    scene("sc-4", "feature", "Live preview"),
    scene("sc-5", "feature", "One-click deploy"),
    scene("sc-6", "feature", "Team comments", { hidden: true }),
    scene("sc-7", "quote", "What teams say", { quote: { text: "We ship twice as often.", author: "Ana, Acme" } }),
    scene("sc-8", "pricing", "Simple pricing"),
    cta("sc-9"),
  ],
  60,
);

const teaser: CampaignDocument = {
  ...base([scene("sc-1", "hook", "Themes, fast"), scene("sc-2", "reveal", "Meet Themewright"), cta("sc-3")], 15),
  sound: {
    voiceId: "festival:cmu_us_slt_arctic_hts",
    audioMode: "music_only",
    speed: 1.1,
    music: { mood: "upbeat", volume: 0.5 },
    voiceVolume: 1,
  },
};
teaser.export = { orientation: "portrait", seconds: 15, format: "mp4" };

const sharedCatalogue = {
  speeds: [0.9, 1, 1.1, 1.25],
  moods: ["calm", "warm", "upbeat", "energetic"],
  fonts: [
    { id: "inter", family: "Inter", category: "sans-serif" },
    { id: "dejavu-sans", family: "DejaVu Sans", category: "sans-serif" },
    { id: "lora", family: "Lora", category: "serif" },
    { id: "dejavu-serif", family: "DejaVu Serif", category: "serif" },
    { id: "dejavu-sans-mono", family: "DejaVu Sans Mono", category: "monospace" },
    { id: "caveat", family: "Caveat", category: "handwriting" },
  ],
  voices: [
    {
      id: "festival:cmu_us_slt_arctic_hts",
      name: "English (America), natural female voice",
      gender: "female",
      language: "en-US",
    },
    { id: "festival:kal_diphone", name: "Festival kal_diphone", gender: "male", language: "en-US" },
    { id: "espeak-ng:en-us", name: "English (America)", gender: "male", language: "en-US" },
    { id: "espeak-ng:en-us+f3", name: "English (America) f3", gender: "female", language: "en-US" },
    { id: "espeak-ng:fr", name: "French", gender: "male", language: "fr" },
  ],
  captionStyles: [
    { id: "classic", name: "Classic" },
    { id: "bold", name: "Bold" },
    { id: "karaoke", name: "Karaoke highlight" },
  ],
} satisfies Omit<EditCatalogue, "durations" | "orientations">;

export const PROJECTS = {
  feature: {
    document: feature,
    catalogue: { ...sharedCatalogue, durations: [15, 30, 45], orientations: ["landscape", "portrait", "square"] },
  },
  launch: {
    document: launch,
    catalogue: { ...sharedCatalogue, durations: [30, 45, 60, 90], orientations: ["landscape", "portrait", "square"] },
  },
  teaser: {
    document: teaser,
    catalogue: { ...sharedCatalogue, durations: [10, 15, 30], orientations: ["portrait", "square"] },
  },
} satisfies Record<string, { document: CampaignDocument; catalogue: EditCatalogue }>;
export type ProjectName = keyof typeof PROJECTS;

/** The source's claims index (as the scanner's claim finder states them). */
export const CLAIMS = [
  { text: "2,400 teams", kind: "number" },
  { text: "40% faster", kind: "percentage" },
  { text: "$29/month", kind: "price" },
  { text: "Free for 14 days", kind: "guarantee" },
  { text: "no credit card required", kind: "guarantee" },
] as const;

/** Revision n of a project whose latest is `latest`: each earlier one was the generation at another length. */
export function historyOf(project: ProjectName, latest: number): (n: number) => CampaignDocument | null {
  const doc = PROJECTS[project].document;
  return (n) => {
    if (n < 1 || n > latest) return null;
    if (n === latest) return doc;
    const earlier = structuredClone(doc);
    earlier.story.coverText = `Revision ${n}`;
    return earlier;
  };
}

export function inputFor(project: ProjectName, instruction: string, latestRevision = 4): EditInput {
  const { document, catalogue } = PROJECTS[project];
  return {
    instruction,
    document,
    latestRevision,
    revisionDocument: historyOf(project, latestRevision),
    claims: CLAIMS,
    catalogue,
  };
}
