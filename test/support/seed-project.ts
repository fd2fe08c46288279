import { iso } from "../../src/clock.js";
import { uuidv7 } from "../../src/ids.js";
import type {
  CampaignDocument,
  CampaignOrientation,
  CampaignScene,
} from "../../src/pipelines/marketing/campaign/document.js";
import type { Harness } from "../../src/testutil/harness.js";
import { ranJobRow } from "./job-row.js";
import { seedSource } from "./seed-source.js";

export interface SeededProject {
  projectId: string;
  sourceId: string;
  /** Each revision's document, by number (1…). */
  documents: CampaignDocument[];
}

/** A revision document as a generation writes one (shape only: no renderer reads it in these tests). */
export function campaignDocumentOf(
  h: Harness,
  over: {
    seconds?: number;
    orientation?: CampaignOrientation;
    audioMode?: CampaignDocument["sound"]["audioMode"];
  } = {},
  visual: CampaignScene["visual"] = { type: "screenshot", assetId: "logo-1" },
): CampaignDocument {
  const seconds = over.seconds ?? 30;
  const scene = (id: string, kind: CampaignScene["kind"], headline: string): CampaignScene => ({
    id,
    kind,
    hidden: false,
    seconds: seconds / 2,
    headline,
    body: null,
    cta: kind === "call_to_action" ? { text: "Start free", url: "https://acme.example/" } : null,
    quote: null,
    narration: `${headline}.`,
    visual,
  });
  return {
    schema: "clipwright.campaign.v1",
    story: {
      coverText: "Acme",
      scenes: [scene("sc-1", "hook", "Meet Acme"), scene("sc-2", "call_to_action", "Try it")],
    },
    style: {
      palette: {
        background: "#FFFFFF",
        text: "#111827",
        primary: "#1D4ED8",
        primaryText: "#FFFFFF",
        accent: "#1D4ED8",
      },
      fonts: { heading: "liberation-sans", body: "liberation-sans" },
      logo: { sourceId: "src", assetId: "logo-1", scale: 1, hidden: false },
      captions: { enabled: true, style: "classic" },
    },
    sound: {
      voiceId: h.deps.catalog.defaults.voiceId ?? (h.deps.catalog.voices[0]?.id as string),
      audioMode: over.audioMode ?? "voice_and_music",
      speed: 1,
      music: { mood: "calm", volume: 0.35 },
      voiceVolume: 1,
    },
    export: { orientation: over.orientation ?? "landscape", seconds, format: "mp4" },
  };
}

/**
 * A project as creating one from a generation leaves it, without running the generation: a seeded source
 * (one version, its files in storage), the project pinned to that version, and one revision per document
 * (default: one 30 s landscape MP4 of the product-launch template).
 */
export async function seedProject(
  h: Harness,
  accountId: string,
  opts: { documents?: CampaignDocument[]; templateId?: string; sourceId?: string } = {},
): Promise<SeededProject> {
  const sourceId = opts.sourceId ?? (await seedSource(h, accountId)).sourceId;
  const documents = opts.documents ?? [campaignDocumentOf(h)];
  const projectId = uuidv7(h.clock.now().getTime());
  const at = iso(h.clock.now());
  const db = h.deps.db.kysely;
  await db
    .insertInto("marketing_projects")
    .values({
      id: projectId,
      account_id: accountId,
      generation_id: uuidv7(h.clock.now().getTime()),
      source_id: sourceId,
      source_version: 1,
      template_id: opts.templateId ?? "product-launch",
      name: "Acme launch",
      description: null,
      latest_revision: documents.length,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("source_version_pins")
    .values({ source_id: sourceId, version: 1, holder_kind: "project", holder_id: projectId, created_at: at })
    .execute();
  for (const [i, document] of documents.entries())
    await db
      .insertInto("marketing_revisions")
      .values({
        project_id: projectId,
        number: i + 1,
        origin: JSON.stringify({ kind: i === 0 ? "generation" : "document" }),
        document: JSON.stringify(document),
        created_at: at,
      })
      .execute();
  return { projectId, sourceId, documents };
}

/**
 * An export of a seeded project as its job leaves it, without running the renderer: queued, or succeeded
 * with a small stored `video` file (so download answers a link).
 */
export async function seedExport(
  h: Harness,
  accountId: string,
  seeded: SeededProject,
  state: "queued" | "succeeded" = "queued",
): Promise<string> {
  const id = uuidv7(h.clock.now().getTime());
  const at = iso(h.clock.now());
  const video =
    state === "succeeded" ? await h.deps.storage.put(`jobs/${id}/video.mp4`, Buffer.from(`video of ${id}`)) : null;
  const result = video ? JSON.stringify({ artifacts: [{ type: "video", ...video }], durationSeconds: 30 }) : null;
  const input = { projectId: seeded.projectId, revision: 1, format: "mp4", orientation: "landscape", seconds: 30 };
  await h.deps.db.kysely
    .insertInto("jobs")
    .values(
      ranJobRow({ id, accountId, kind: "marketing.export", state, at, result, input, failedWith: "internal_error" }),
    )
    .execute();
  await h.deps.db.kysely
    .insertInto("marketing_exports")
    .values({
      job_id: id,
      account_id: accountId,
      project_id: seeded.projectId,
      revision: 1,
      format: "mp4",
      source_id: seeded.sourceId,
      created_at: at,
    })
    .execute();
  return id;
}
