import { leadingFigure } from "./figure.js";
import { type LayoutContext, text } from "./parts.js";

/** The headline's leading figure set large over the rest of it; else the headline with its figures in the accent ink. */
export function figureHeadline(ctx: LayoutContext, headline: string): string {
  const lead = leadingFigure(headline);
  if (!lead) return text(ctx, "headline", headline, { tag: "h2", figures: true });
  const h = ctx.scale.headline;
  const label = lead.rest
    ? text(ctx, "headline", lead.rest, { tag: "h2", className: "label", fit: { max: Math.round(h.max * 0.72) } })
    : "";
  return `${text(ctx, "figure", lead.figure)}${label}`;
}
