import { ApiError } from "../../../contract/errors.js";
import { MUSIC_MOODS } from "../../../media/music/tempo.js";
import { sourceLook } from "../../../pipelines/marketing/campaign/brand-look.js";
import type { SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import type { Catalog } from "../../catalog/catalog.js";
import type { DomainServices } from "../../services.js";
import { brandKitView, findBrandKit } from "../brand-kit/store.js";
import type { EditCatalogue } from "../edits/context.js";
import { pinnedSource, type RevisionRules } from "../revision/context.js";
import { kitLook } from "../revision/kit-look.js";
import { readableVersion } from "../sources/pinned-version.js";
import { type ProjectRow, revisionDocuments } from "./store.js";

/** What a project's template and the catalogue offer an edit, as the grammar and the checks read it. */
export function editCatalogue(
  deps: Pick<DomainServices, "catalog" | "fonts">,
  templateId: string,
): EditCatalogue & { outline: RevisionRules["outline"] } {
  const template = deps.catalog.marketingTemplates.find((t) => t.id === templateId);
  if (!template) throw new Error(`project template ${templateId} is no longer in the catalogue`);
  return {
    durations: [...template.durations].sort((a, b) => a - b),
    speeds: [...template.speeds].sort((a, b) => a - b),
    orientations: [...template.orientations],
    moods: MUSIC_MOODS,
    fonts: deps.fonts.fonts.map((f) => ({ id: f.id, family: f.family, category: f.category })),
    voices: voicesOf(deps.catalog),
    captionStyles: deps.catalog.renderOptions.captionStyles.filter((s) => s.id !== "none"),
    outline: template.scenes,
  };
}

const voicesOf = (catalog: Catalog) =>
  catalog.voices.map((v) => ({ id: v.id, name: v.name, gender: v.gender, language: v.language }));

/**
 * Everything applying and checking a project's next revision reads, loaded once per request: the
 * template's offer, the pinned source version (its claims and assets; a deleted source answers 410
 * source_deleted), the two brands `use_brand` takes, and a reader of the earlier revisions' documents
 * (revisions never change once written, so one read each is enough).
 */
export async function projectRules(
  deps: Pick<DomainServices, "db" | "storage" | "log" | "catalog" | "fonts">,
  project: ProjectRow,
  now: Date,
): Promise<{ rules: RevisionRules; manifest: SourceManifest }> {
  const { outline, ...catalogue } = editCatalogue(deps, project.template_id);
  const version = Number(project.source_version);
  const read = await readableVersion(deps, project.account_id, project.source_id, version, now);
  const kit = brandKitView(await findBrandKit(deps.db.kysely, project.account_id), deps.storage);
  const latest = Number(project.latest_revision);
  const documents = await revisionDocuments(deps.db.kysely, project.id);
  if (!documents.has(latest)) throw new ApiError("no_revision", { projectId: project.id });
  return {
    manifest: read.manifest,
    rules: {
      catalogue,
      outline,
      source: pinnedSource(read.manifest),
      brands: { source: sourceLook(read.manifest), kit: kitLook(kit, { id: project.source_id, version }) },
      latestRevision: latest,
      revisionDocument: (n) => documents.read(n),
    },
  };
}
