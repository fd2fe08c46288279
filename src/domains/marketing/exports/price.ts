import type { Static } from "@sinclair/typebox";
import { FREE_TIER_MAX_SECONDS, walletTerms } from "../../renders/quote.js";
import type { DomainServices } from "../../services.js";
import type { ExportPriceSchema } from "./schemas.js";

/** What exporting a video of a given length would hold and charge (the quote preflight shows). */
export type ExportQuote = Static<typeof ExportPriceSchema>;

/**
 * An export is priced as a render of a fixed length: the free tier holds nothing, is watermarked and is
 * capped at the free tier's longest video; a paid account holds the whole length, and a balance short of
 * it is not sufficient (an export is never silently shortened: its length is the template's).
 */
export function priceExport(
  seconds: number,
  wallet: { paid: boolean; watermarkedPlan: boolean; available: number },
): ExportQuote {
  if (!wallet.paid) {
    const capped = Math.min(seconds, FREE_TIER_MAX_SECONDS);
    return {
      seconds: capped,
      secondsToReserve: 0,
      watermark: true,
      capped: capped < seconds,
      sufficient: true,
      needed: null,
      availableSeconds: wallet.available,
    };
  }
  const usable = Math.max(0, wallet.available);
  const sufficient = seconds <= usable;
  return {
    seconds,
    secondsToReserve: seconds,
    watermark: wallet.watermarkedPlan,
    capped: false,
    sufficient,
    needed: sufficient ? null : seconds - usable,
    availableSeconds: wallet.available,
  };
}

export async function quoteExport(
  deps: Pick<DomainServices, "db" | "catalog">,
  accountId: string,
  seconds: number,
  now: Date,
): Promise<ExportQuote> {
  return priceExport(seconds, await walletTerms(deps, accountId, now));
}
