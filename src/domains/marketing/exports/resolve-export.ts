import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../../contract/errors.js";
import type { ExportInput } from "../../../pipelines/marketing/export/export-input.js";
import { captionLookOf } from "../../renders/render-options.js";
import type { DomainServices } from "../../services.js";
import { primaryLanguage, voiceOf } from "../generations/voice.js";
import type { ProjectRow } from "../projects/store.js";
import { readableVersion } from "../sources/pinned-version.js";
import { resolveFootage } from "./footage.js";
import { exportShape } from "./offer.js";
import { type ExportQuote, quoteExport } from "./price.js";
import type { CreateExportBody } from "./schemas.js";
import { exportTarget } from "./target.js";

/** An export request checked and resolved: the job's input and what it holds from the wallet. */
export interface ResolvedExport {
  project: ProjectRow;
  input: ExportInput;
  price: ExportQuote;
}

/**
 * Everything creating an export checks, in the order a caller can act on it: the project
 * (project_not_found), the revision (no_revision), the format and orientation (unsupported_format,
 * unsupported_export), the wallet (402 insufficient_seconds with needed and available), then what the job
 * reads: the project's pinned source version (source_deleted, source_version_expired, source_unreadable…)
 * and the voice (voice_unknown when the catalogue no longer has it). The free tier's cap shortens the
 * video (`seconds`) as it does a render's.
 */
export async function resolveExport(
  deps: Pick<DomainServices, "db" | "storage" | "log" | "catalog">,
  accountId: string,
  projectId: string,
  body: Static<typeof CreateExportBody>,
  now: Date,
): Promise<ResolvedExport> {
  const { project, revision, document, template } = await exportTarget(deps, accountId, projectId, body.revision);
  const shape = exportShape(document, template, body);
  const price = await quoteExport(deps, accountId, shape.seconds, now);
  if (!price.sufficient)
    throw new ApiError("insufficient_seconds", {
      needed: price.needed,
      available: Math.max(0, price.availableSeconds),
    });

  const read = await readableVersion(deps, accountId, project.source_id, Number(project.source_version), now);
  const { audioMode, voiceId } = document.sound;
  const speaks = audioMode === "voice_and_music" || audioMode === "voice_only";
  const voice = speaks ? voiceOf(deps.catalog, voiceId) : null;
  if (speaks && !voice) throw new ApiError("voice_unknown", { voiceId });
  // A style the catalogue no longer has burns nothing in: the WebVTT file still carries the words.
  const captionStyle = deps.catalog.renderOptions.captionStyles.find((s) => s.id === document.style.captions.style);
  const captions = document.style.captions.enabled && captionStyle ? captionLookOf(captionStyle) : null;
  return {
    project,
    price,
    input: {
      projectId: project.id,
      revision,
      document,
      source: { id: read.source.id, version: read.version.version, files: read.files },
      format: shape.format,
      orientation: shape.orientation,
      width: shape.width,
      height: shape.height,
      seconds: price.seconds,
      watermark: price.watermark,
      voice,
      captions,
      language: primaryLanguage(read.manifest.brand.language),
      footage: await resolveFootage(deps, accountId, document, now),
    },
  };
}
