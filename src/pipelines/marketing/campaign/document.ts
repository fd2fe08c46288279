import type { Static } from "@sinclair/typebox";
import type {
  AUDIO_MODES,
  CAMPAIGN_ORIENTATIONS,
  CampaignDocumentSchema,
  COPY_FIELDS,
  EXPORT_FORMATS,
  FONT_ROLES,
  PALETTE_ROLES,
  RevisionOperationSchema,
  RevisionOriginSchema,
  RevisionSchema,
  SCENE_KINDS,
} from "./schema.js";

/**
 * The revision document (`clipwright.campaign.v1`) and its operations, as the marketing design brief fixes
 * them, typed from their published schemas (schema.ts). Fields are added, never renamed: every client reads
 * these shapes. Where the brief names an operation without its fields, decision 0032 fixes them
 * (`swap_scenes`, `show_scene`, `set_font`, …).
 */

export type SceneKind = (typeof SCENE_KINDS)[number];
export type AudioMode = (typeof AUDIO_MODES)[number];
export type CampaignOrientation = (typeof CAMPAIGN_ORIENTATIONS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type PaletteRole = (typeof PALETTE_ROLES)[number];
export type FontRole = (typeof FONT_ROLES)[number];
export type CopyField = (typeof COPY_FIELDS)[number];

export type CampaignDocument = Static<typeof CampaignDocumentSchema>;
export type CampaignScene = CampaignDocument["story"]["scenes"][number];
export type SceneVisual = CampaignScene["visual"];
export type CampaignPalette = CampaignDocument["style"]["palette"];

/** The closed, published list of revision operations (what `POST …/revisions` takes and an edit produces). */
export type RevisionOperation = Static<typeof RevisionOperationSchema>;
export type RevisionOrigin = Static<typeof RevisionOriginSchema>;
export type Revision = Static<typeof RevisionSchema>;
