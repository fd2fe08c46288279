import { iso } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import { lockAccount } from "../../../db/locks.js";
import { ok } from "../../../operations/define.js";
import { type DomainServices, defineOperation } from "../../services.js";
import { checkContent } from "./content.js";
import { fetchLogo, isSameLogo, type LogoCopy } from "./resolve-logo.js";
import { BrandKitBody, type BrandKitInput, BrandKitSchema } from "./schemas.js";
import { type BrandKitRow, brandKitView, findBrandKit, type StoredLogo, saveBrandKit, storedLogoOf } from "./store.js";

type PutDeps = Pick<DomainServices, "db" | "storage" | "log">;

/** What the PUT does with the logo: none, keep the stored copy, or copy these bytes. */
type LogoPlan = { kind: "none" } | { kind: "keep"; logo: StoredLogo } | { kind: "copy"; copy: LogoCopy };

async function planLogo(deps: PutDeps, accountId: string, input: BrandKitInput, stored: StoredLogo | null, now: Date) {
  if (!input.logo) return { kind: "none" } as const;
  if (isSameLogo(stored, input.logo)) return { kind: "keep", logo: stored } as const;
  return { kind: "copy", copy: await fetchLogo(deps, accountId, input.logo, now) } as const;
}

/** Deletes a logo copy unless the kit names it again (checked under the account lock, like every write of the kit). */
async function deleteUnusedLogo(deps: PutDeps, accountId: string, key: string): Promise<void> {
  await deps.db.kysely.transaction().execute(async (tx) => {
    await lockAccount(tx, deps.db.dialect, accountId);
    if (storedLogoOf(await findBrandKit(tx, accountId))?.key !== key) await deps.storage.delete(key);
  });
}

/**
 * Writes the kit under the account lock: the logo copy is made there too, so a concurrent PUT's
 * clean-up can never delete a copy this one is about to name. A "keep" planned before the lock is
 * re-planned when another PUT changed the logo meanwhile (its copy may be gone).
 */
async function writeKit(
  deps: PutDeps,
  accountId: string,
  input: BrandKitInput,
  colors: Awaited<ReturnType<typeof checkContent>>["colors"],
  now: Date,
): Promise<{ row: BrandKitRow; replaced: StoredLogo | null }> {
  let stored = storedLogoOf(await findBrandKit(deps.db.kysely, accountId));
  for (let attempt = 0; ; attempt++) {
    const plan: LogoPlan = await planLogo(deps, accountId, input, stored, now);
    const written = await deps.db.kysely
      .transaction()
      .execute(async (tx) => {
        await lockAccount(tx, deps.db.dialect, accountId);
        const before = storedLogoOf(await findBrandKit(tx, accountId));
        if (plan.kind === "keep" && before?.key !== plan.logo.key) return { retryWith: before };
        const logo = plan.kind === "keep" ? plan.logo : plan.kind === "copy" ? plan.copy.logo : null;
        if (plan.kind === "copy") await deps.storage.put(plan.copy.logo.key, plan.copy.bytes);
        const row = await saveBrandKit(tx, accountId, { input, colors, logo }, iso(now));
        return { row, replaced: before };
      })
      .catch(async (err: unknown) => {
        // Not written: a copy made for it must not outlive it (unless the kit names that file anyway).
        if (plan.kind === "copy") await deleteUnusedLogo(deps, accountId, plan.copy.logo.key).catch(() => undefined);
        throw err;
      });
    if (written.row) return { row: written.row, replaced: written.replaced };
    if (attempt >= 2) throw new ApiError("conflict", { reason: "brand_kit_changed" });
    stored = written.retryWith ?? null;
  }
}

export const updateBrandKitOperation = defineOperation({
  id: "marketing.updateBrandKit",
  summary: "Replace the brand kit",
  description:
    "Replaces the account's whole brand kit (omitted fields are cleared; last write wins). The schema (types, " +
    "lengths, unknown fields) answers validation_failed; content problems answer one 400 invalid_brand_kit listing " +
    "every problem in `details.issues`: colours must be `#rgb` or `#rrggbb` (`colour_invalid`; background, text and " +
    "primary are required with `colors`), `text` on `background` and `primaryText` on `primary` need a contrast of at " +
    "least 4.5:1 (`contrast_too_low`, the message gives the measured ratio), fonts come from GET /catalog/render-options " +
    "(`font_unknown`), `voiceId` from GET /catalog/voices (`voice_unknown`), `captionStyle` from the render options " +
    "(`caption_style_unknown`), `musicMood` is calm, upbeat, energetic or cinematic (`music_mood_unknown`), " +
    "`callToAction.url` an address every other URL of the API would take: http(s), no username or password, no port 0 " +
    "(nor, in production, a non-default port), a host name with a dot that resolves, and no private or reserved address " +
    "(`url_invalid`, the message says which rule; it is never fetched). The logo names an image asset of a source version " +
    "(`version` omitted: the latest) and is checked after the content, in order: source_not_found, source_deleted, " +
    "source_not_ready, source_expired, source_version_not_found, source_version_expired, brand_logo_source_mismatch, " +
    "invalid_brand_kit (`not_an_image`), brand_logo_not_retained. The file is copied into the kit's own storage (kept " +
    "while it is the kit's logo, whatever happens to the source); sending the stored logo's sourceId, version and " +
    "assetId again keeps that copy without reading the source.",
  body: BrandKitBody,
  responses: { 200: BrandKitSchema },
  errors: [
    "storage_unavailable",
    "invalid_brand_kit",
    "source_not_found",
    "source_deleted",
    "source_not_ready",
    "source_expired",
    "source_version_not_found",
    "source_version_expired",
    "brand_logo_source_mismatch",
    "brand_logo_not_retained",
    "conflict",
  ],
  async handler({ actor, deps, body, now }) {
    const { issues, colors } = await checkContent(deps, body);
    if (issues.length) throw new ApiError("invalid_brand_kit", { issues });
    const { row, replaced } = await writeKit(deps, actor.accountId, body, colors, now);
    const kept = storedLogoOf(row);
    if (replaced && replaced.key !== kept?.key) await deleteUnusedLogo(deps, actor.accountId, replaced.key);
    return ok(brandKitView(row, deps.storage));
  },
});
