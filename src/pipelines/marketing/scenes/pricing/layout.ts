import { figureHeadline } from "../figure-headline.js";
import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, ctaButton, text, visualSlot } from "../parts.js";

/** Pricing: a card holding the price (large when the headline leads with it), what it includes, the button. */
export const PRICING_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body", "cta"],
  css: layoutCss(import.meta.url),
  html(ctx) {
    const { headline, body } = ctx.scene;
    const card = [
      headline ? figureHeadline(ctx, headline) : "",
      body ? text(ctx, "body", body, { figures: true }) : "",
      ctaButton(ctx),
    ].join("");
    const copy = `${coverLabel(ctx)}<div class="card">${card}</div>`;
    return `<div class="copy${ctx.visual ? "" : " centred"}">${copy}</div>${visualSlot(ctx)}`;
  },
};
