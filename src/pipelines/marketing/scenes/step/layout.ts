import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** A step: its number large in the accent ink, the headline, the body, the screen of it. */
export const STEP_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  html(ctx) {
    const { headline, body } = ctx.scene;
    const n = ctx.position?.ofKind;
    const number = n ? `<span class="step-number" data-sprite="number">${String(n).padStart(2, "0")}</span>` : "";
    const copy = [
      coverLabel(ctx),
      number,
      headline ? text(ctx, "headline", headline, { tag: "h2" }) : "",
      body ? text(ctx, "body", body) : "",
    ].join("");
    return `<div class="copy">${copy}</div>${visualSlot(ctx)}`;
  },
};
