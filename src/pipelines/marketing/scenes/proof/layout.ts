import { figureHeadline } from "../figure-headline.js";
import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** Proof: the number large, what it counts under it, the body; the visual beside or below. */
export const PROOF_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  html(ctx) {
    const { headline, body } = ctx.scene;
    const copy = [
      coverLabel(ctx),
      headline ? figureHeadline(ctx, headline) : "",
      body ? text(ctx, "body", body, { figures: true }) : "",
    ].join("");
    return `<div class="copy${ctx.visual ? "" : " centred"}">${copy}</div>${visualSlot(ctx)}`;
  },
};
