import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, logoMark, text, visualSlot } from "../parts.js";

/** The reveal: the logo large, the headline, and the product as large as the frame allows. */
export const REVEAL_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  ownsLogo: (content) => content.logo !== null && content.visual?.type !== "logo",
  html(ctx) {
    const { headline, body } = ctx.scene;
    const logo = ctx.visual?.type === "logo" ? "" : logoMark(ctx, "hero");
    const copy = [
      coverLabel(ctx),
      logo,
      headline ? text(ctx, "headline", headline, { tag: "h2" }) : "",
      body ? text(ctx, "body", body) : "",
    ].join("");
    const align = ctx.orientation === "landscape" && ctx.visual ? "" : " centred";
    return `<div class="copy${align}">${copy}</div>${visualSlot(ctx)}`;
  },
};
