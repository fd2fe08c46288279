import type { Kysely, Selectable } from "kysely";
import type { BrandKitsTable, Database } from "../../../db/schema.js";
import type { Storage } from "../../../storage/storage.js";
import type { BrandColors, BrandKit, BrandKitInput } from "./schemas.js";

export type BrandKitRow = Selectable<BrandKitsTable>;

/** The kit's logo as stored: which source asset it came from and the kit's own copy of the file. */
export interface StoredLogo {
  sourceId: string;
  version: number;
  assetId: string;
  /** Storage key of the copy: `brand/<accountId>/logo-<sha256>.<ext>`. */
  key: string;
  bytes: number;
  sha256: string;
  contentType: string;
  width: number | null;
  height: number | null;
  aspectRatio: number | null;
}

/** How long a logo's signed URL works from the answer that carries it (as job artifacts). */
const LOGO_URL_TTL_SECONDS = 3600;

export async function findBrandKit(db: Kysely<Database>, accountId: string): Promise<BrandKitRow | undefined> {
  return db.selectFrom("brand_kits").selectAll().where("account_id", "=", accountId).executeTakeFirst();
}

export const storedLogoOf = (row: Pick<BrandKitRow, "logo"> | undefined): StoredLogo | null =>
  row?.logo ? (JSON.parse(row.logo) as StoredLogo) : null;

/** Writes the whole kit (PUT replaces it); `created_at` stays as the first PUT set it. */
export async function saveBrandKit(
  db: Kysely<Database>,
  accountId: string,
  kit: { input: BrandKitInput; colors: BrandColors | null; logo: StoredLogo | null },
  at: string,
): Promise<BrandKitRow> {
  const { input } = kit;
  const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
  const fields = {
    colors: json(kit.colors),
    fonts: json(input.fonts && { heading: input.fonts.heading, body: input.fonts.body }),
    logo: json(kit.logo),
    voice_id: input.voiceId ?? null,
    music_mood: input.musicMood ?? null,
    caption_style: input.captionStyle ?? null,
    call_to_action: json(input.callToAction && { text: input.callToAction.text, url: input.callToAction.url }),
    updated_at: at,
  };
  return db
    .insertInto("brand_kits")
    .values({ account_id: accountId, ...fields, created_at: at })
    .onConflict((oc) => oc.column("account_id").doUpdateSet(fields))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The kit as GET and PUT answer it; an account without a row has every field null. */
export function brandKitView(row: BrandKitRow | undefined, storage: Pick<Storage, "signedUrl">): BrandKit {
  const parse = <T>(text: string | null | undefined): T | null => (text ? (JSON.parse(text) as T) : null);
  const logo = storedLogoOf(row);
  return {
    colors: parse(row?.colors),
    fonts: parse(row?.fonts),
    logo: logo && {
      sourceId: logo.sourceId,
      version: logo.version,
      assetId: logo.assetId,
      file: {
        ...storage.signedUrl(logo.key, LOGO_URL_TTL_SECONDS),
        bytes: logo.bytes,
        sha256: logo.sha256,
        contentType: logo.contentType,
        width: logo.width,
        height: logo.height,
        aspectRatio: logo.aspectRatio,
      },
    },
    voiceId: row?.voice_id ?? null,
    musicMood: row?.music_mood ?? null,
    captionStyle: row?.caption_style ?? null,
    callToAction: parse(row?.call_to_action),
    createdAt: row?.created_at ?? null,
    updatedAt: row?.updated_at ?? null,
  };
}
