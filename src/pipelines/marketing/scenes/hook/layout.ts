import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** The opening: the cover text's label, the headline as large as it goes, a line under it, the visual. */
export const HOOK_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  scale: {
    portrait: { headline: { max: 132, min: 60, lines: 4 } },
    square: { headline: { max: 108, min: 50, lines: 3 } },
    landscape: { headline: { max: 120, min: 56, lines: 4 } },
  },
  html(ctx) {
    const { headline, body } = ctx.scene;
    const copy = [
      coverLabel(ctx),
      headline ? text(ctx, "headline", headline, { tag: "h1" }) : "",
      body ? text(ctx, "body", body) : "",
    ].join("");
    return `<div class="copy${ctx.visual ? "" : " centred"}">${copy}</div>${visualSlot(ctx)}`;
  },
};
