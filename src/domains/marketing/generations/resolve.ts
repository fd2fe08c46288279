import type { ErrorCode } from "../../../contract/error-codes.js";
import { ApiError } from "../../../contract/errors.js";
import type { GenerationInput } from "../../../pipelines/marketing/generate/generation-input.js";
import type { SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import type { DomainServices } from "../../services.js";
import { brandKitView, findBrandKit } from "../brand-kit/store.js";
import { readableVersion } from "../sources/pinned-version.js";
import { resolveBrand } from "./brand.js";
import { resolveDemo } from "./demo.js";
import { type GenerationRequest, resolveOptions } from "./options.js";
import { primaryLanguage, resolveVoice, voiceOf } from "./voice.js";

/** Something the account or its source lacks: preflight lists each, creating refuses with the first. */
export interface Missing {
  field: string;
  section: "story" | "style" | "sound" | "export";
  /** What creating the generation answers for it. */
  code: ErrorCode;
  message: string;
}

/** A generation request checked and resolved: the job's input, the manifest it reads, what is missing. */
export interface ResolvedGeneration {
  input: GenerationInput;
  manifest: SourceManifest;
  brand: "source" | "kit";
  missing: Missing[];
}

const MUSIC_DEFAULT = "calm";

/**
 * Everything creating a generation and its preflight check, in one order. A value the caller sent that
 * the template or catalogue does not offer is refused at once (unknown_template, unsupported_duration,
 * orientation_unknown, unsupported_audio_mode, campaign_speed_not_offered, voice_unknown, voice_language,
 * website_demo_invalid), as is a source that cannot be read. What the account or the source lacks (a
 * brand kit, a voice for the site's language, required footage) is collected in `missing` instead, so a
 * preflight names all of it at once.
 */
export async function resolveGeneration(
  deps: Pick<DomainServices, "db" | "storage" | "log" | "catalog" | "fonts">,
  accountId: string,
  body: GenerationRequest,
  now: Date,
): Promise<ResolvedGeneration> {
  const { template, ...settings } = resolveOptions(deps.catalog, body);
  const read = await readableVersion(deps, accountId, body.sourceId, body.sourceVersion, now);
  const { manifest } = read;
  const demo = await resolveDemo(deps, accountId, body.demo, template, now);
  const missing: Missing[] = [];

  const kit = brandKitView(await findBrandKit(deps.db.kysely, accountId), deps.storage);
  let brand: ReturnType<typeof resolveBrand>;
  try {
    brand = resolveBrand(body.brand, manifest, kit, deps.fonts);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "brand_kit_required") throw err;
    missing.push({
      field: "brand",
      section: "style",
      code: err.code,
      message: "The brand kit has no colours yet: PUT /marketing/brand-kit first, or generate with brand: source.",
    });
    brand = resolveBrand("source", manifest, kit, deps.fonts);
  }

  const language = primaryLanguage(manifest.brand.language);
  const voiceId = resolveVoice(deps.catalog, body.voiceId, brand.voiceId, language);
  const speaks = settings.audioMode === "voice_and_music" || settings.audioMode === "voice_only";
  if (voiceId === null && speaks)
    missing.push({
      field: "voiceId",
      section: "sound",
      code: "voice_language",
      message: `No installed voice speaks the site's language (${language}): choose audioMode music_only or silent.`,
    });

  const hasFootage = demo !== null || manifest.assets.some((a) => a.type === "video" && a.retained);
  if (template.demoFootage === "required" && !hasFootage)
    missing.push({
      field: "demo",
      section: "story",
      code: "missing_required_footage",
      message: `The ${template.name} template shows a walkthrough: send demo {renderId, fromSeconds, toSeconds}, or generate from a render source.`,
    });

  const input: GenerationInput = {
    source: {
      id: read.source.id,
      version: read.version.version,
      kind: read.source.kind as "url" | "render",
      files: read.files,
    },
    template: {
      id: template.id,
      scenes: [...template.scenes],
      durations: [...template.durations],
      speeds: [...template.speeds],
      orientations: [...template.orientations],
      demoFootage: template.demoFootage,
    },
    ...settings,
    // A video that does not speak still names a voice (an edit may bring the narration back).
    voice: voiceOf(deps.catalog, voiceId ?? deps.catalog.defaults.voiceId),
    language,
    style: {
      palette: brand.palette,
      fonts: brand.fonts,
      logo: brand.logo,
      captionStyle: brand.captionStyle ?? template.captionStyle,
    },
    musicMood: brand.musicMood ?? MUSIC_DEFAULT,
    callToAction: brand.callToAction,
    focus: body.focus ?? null,
    demo,
  };
  return { input, manifest, brand: brand.from, missing };
}
