import { readFileSync } from "node:fs";
import { MARKETING_TEMPLATES } from "../../../src/domains/catalog/marketing-templates.js";
import type { StoryInput, StoryTemplate } from "../../../src/pipelines/marketing/generate/story-types.js";
import type { SourceManifest } from "../../../src/pipelines/marketing/source/manifest.js";
import { normaliseSpace } from "../../../src/pipelines/marketing/source/text.js";

/**
 * The sources the story planner is tested on: real scans of the four marketing fixture sites and the
 * corpus's four landing templates, captured once into test/fixtures/marketing-manifests/ by
 * `node --import tsx bench/capture-manifests.ts`.
 */

export const FIXTURE_SOURCES = ["saas", "spa", "sparse", "hostile"] as const;
export const LANDING_SOURCES = ["agency", "grayscale", "landing-page", "freelancer"] as const;
export const SOURCES = [...FIXTURE_SOURCES, ...LANDING_SOURCES] as const;
export type SourceName = (typeof SOURCES)[number];

export function manifestOf(name: SourceName): SourceManifest {
  const url = new URL(`../../fixtures/marketing-manifests/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as SourceManifest;
}

export const TEMPLATES: readonly StoryTemplate[] = MARKETING_TEMPLATES;

export function templateOf(id: string): StoryTemplate {
  const t = TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(`no template ${id}`);
  return t;
}

export function inputOf(name: SourceName, templateId: string, over: Partial<StoryInput> = {}): StoryInput {
  const template = templateOf(templateId);
  return {
    manifest: manifestOf(name),
    template,
    seconds: template.defaultSeconds,
    orientation: template.orientations[0] ?? "landscape",
    focus: null,
    demo: null,
    language: "en",
    ...over,
  };
}

const squash = (t: string) =>
  normaliseSpace(t)
    .toLowerCase()
    .replace(/[.!?…:,;]+$/u, "")
    .trim();

/** Every string the site wrote (block titles, texts, authors, items, the brand's name, calls to action). */
export function sourceTexts(m: SourceManifest): string[] {
  const texts = m.copy.flatMap((b) => [
    "title" in b ? (b.title ?? "") : "",
    "text" in b ? b.text : "",
    ...(b.kind === "pricing" ? b.items : []),
    ...(b.kind === "testimonial" ? [b.author ?? "", [b.author, b.authorTitle].filter(Boolean).join(", ")] : []),
  ]);
  return [...texts, m.brand.name ?? ""].filter((t) => t !== "").map(squash);
}

/**
 * A field is the site's text shortened by the rules: with its closing punctuation and an ellipsis set
 * aside, it is contained in one of the site's strings (a body may join the sentences of one block).
 */
export function isSourceText(field: string, texts: readonly string[]): boolean {
  const f = squash(field.replace(/…$/u, ""));
  return texts.some((t) => t.includes(f));
}
