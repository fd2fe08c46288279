import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, ctaButton, logoMark, text, visualSlot } from "../parts.js";

/** The close: the logo large, the headline, the button with the site's host under it; everything centred. */
export const CALL_TO_ACTION_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body", "cta"],
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
      ctaButton(ctx, { host: true }),
    ].join("");
    const align = ctx.orientation === "landscape" && ctx.visual ? "" : " centred";
    return `<div class="copy${align}">${copy}</div>${visualSlot(ctx)}`;
  },
};
