import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** A feature: its headline and a line about it beside (or above) the screen that shows it. */
export const FEATURE_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  html(ctx) {
    const { headline, body } = ctx.scene;
    const copy = [
      coverLabel(ctx),
      headline ? text(ctx, "headline", headline, { tag: "h2" }) : "",
      body ? text(ctx, "body", body) : "",
    ].join("");
    return `<div class="copy${ctx.visual ? "" : " centred"}">${copy}</div>${visualSlot(ctx)}`;
  },
};
