import type { Static } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import {
  RENDER_OPTION_ERRORS,
  type RenderOptionsInput,
  resolveRenderOptions,
  WALKTHROUGH_MIN_SECONDS,
} from "../catalog/resolve.js";
import { resolveTemplate } from "../render-templates/resolve.js";
import type { TemplateOptions } from "../render-templates/schemas.js";
import { type DomainServices, defineOperation } from "../services.js";
import { availableSeconds, isPaid, planActive } from "../wallet/balance.js";
import { readWallet } from "../wallet/movements.js";
import { QuoteBody, QuoteSchema } from "./schemas.js";

/** Length an Auto render (no targetSeconds) may grow to when no maxSeconds is named. */
export const AUTO_DEFAULT_MAX_SECONDS = 120;
/** Longest video the free tier makes (watermarked, nothing held). */
export const FREE_TIER_MAX_SECONDS = 60;

export type QuoteInput = Static<typeof QuoteBody>;

export interface Quote {
  secondsToReserve: number;
  watermark: boolean;
  capped: boolean;
  targetSeconds: number | null;
  maxSeconds: number | null;
  sufficient: boolean;
  needed: number | null;
  availableSeconds: number;
}

/**
 * The template's options under the request's: each field the request names wins. The length is one
 * choice (fixed or Auto), so a request naming targetSeconds or maxSeconds replaces both of the template's.
 */
export function mergeOptions(template: TemplateOptions | null, input: QuoteInput): RenderOptionsInput {
  const base: RenderOptionsInput = { ...(template ?? {}) };
  if (input.targetSeconds !== undefined || input.maxSeconds !== undefined) {
    delete base.targetSeconds;
    delete base.maxSeconds;
  }
  const merged: RenderOptionsInput = { ...base };
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  return merged;
}

/** Pricing of the resolved length against a wallet (docs/decisions/0015-templates-and-quotes.md). */
export function priceQuote(
  length: { targetSeconds: number | null; maxSeconds: number | null },
  wallet: { paid: boolean; watermarkedPlan: boolean; available: number },
): Quote {
  const fixed = length.targetSeconds !== null;
  const requested = length.targetSeconds ?? length.maxSeconds ?? AUTO_DEFAULT_MAX_SECONDS;
  const shape = (seconds: number) =>
    fixed ? { targetSeconds: seconds, maxSeconds: null } : { targetSeconds: null, maxSeconds: seconds };
  if (!wallet.paid) {
    const seconds = Math.min(requested, FREE_TIER_MAX_SECONDS);
    return {
      secondsToReserve: 0,
      watermark: true,
      capped: seconds < requested,
      ...shape(seconds),
      sufficient: true,
      needed: null,
      availableSeconds: wallet.available,
    };
  }
  const usable = Math.max(0, wallet.available);
  const base = { watermark: wallet.watermarkedPlan, availableSeconds: wallet.available };
  if (requested <= usable) {
    return { ...base, secondsToReserve: requested, capped: false, ...shape(requested), sufficient: true, needed: null };
  }
  if (usable >= WALKTHROUGH_MIN_SECONDS) {
    return { ...base, secondsToReserve: usable, capped: true, ...shape(usable), sufficient: true, needed: null };
  }
  return {
    ...base,
    secondsToReserve: requested,
    capped: false,
    ...shape(requested),
    sufficient: false,
    needed: requested - usable,
  };
}

export async function quoteRender(
  deps: Pick<DomainServices, "db" | "catalog">,
  accountId: string,
  input: QuoteInput,
  now: Date,
): Promise<Quote> {
  const template = input.templateId === undefined ? null : await resolveTemplate(deps, accountId, input.templateId);
  const resolved = resolveRenderOptions(deps.catalog, mergeOptions(template, input), {
    templateExists: () => template !== null,
  });
  return priceQuote(resolved, await walletTerms(deps, accountId, now));
}

/** What pricing needs of the account's wallet: paid or free tier, a watermarked plan, the balance. */
export async function walletTerms(
  deps: Pick<DomainServices, "db" | "catalog">,
  accountId: string,
  now: Date,
): Promise<{ paid: boolean; watermarkedPlan: boolean; available: number }> {
  const wallet = await readWallet(deps.db.kysely, accountId, now);
  const plan = planActive(wallet, now) ? deps.catalog.plans.find((p) => p.id === wallet.plan_id) : undefined;
  return { paid: isPaid(wallet, now), watermarkedPlan: plan?.watermark === true, available: availableSeconds(wallet) };
}

/**
 * What creating a render holds, exactly as POST /renders/quote answers it; a balance that cannot hold
 * even the 30-second minimum is refused with 402 insufficient_seconds (nothing created).
 */
export async function priceRender(
  deps: Pick<DomainServices, "db" | "catalog">,
  accountId: string,
  length: { targetSeconds: number | null; maxSeconds: number | null },
  now: Date,
): Promise<{ quote: Quote; seconds: number }> {
  const quote = priceQuote(length, await walletTerms(deps, accountId, now));
  if (!quote.sufficient) {
    throw new ApiError("insufficient_seconds", {
      needed: quote.needed,
      available: Math.max(0, quote.availableSeconds),
    });
  }
  return { quote, seconds: quote.targetSeconds ?? quote.maxSeconds ?? AUTO_DEFAULT_MAX_SECONDS };
}

export const quoteRenderOperation = defineOperation({
  id: "renders.quote",
  summary: "Price a render",
  description:
    "Resolves render options (a template's under the request's own) as creating a render would, and answers what it would hold from the wallet. Creates and spends nothing. A fixed targetSeconds holds that length; Auto holds maxSeconds, or 120 seconds when none is named. When the balance is short the length is reduced to fit (capped) as long as it stays 30 seconds or more; otherwise sufficient is false and needed is the shortfall. The free tier holds nothing, is watermarked and is capped at 60 seconds.",
  body: QuoteBody,
  responses: { 200: QuoteSchema },
  errors: [...RENDER_OPTION_ERRORS, "template_unknown"],
  async handler({ actor, deps, body, now }) {
    return ok(await quoteRender(deps, actor.accountId, body, now));
  },
});
