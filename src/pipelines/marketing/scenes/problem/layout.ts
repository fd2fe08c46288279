import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** The problem: a short rule in the accent, the headline, what it costs (body); the visual smaller. */
export const PROBLEM_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  html(ctx) {
    const { headline, body } = ctx.scene;
    const copy = [
      coverLabel(ctx),
      `<i class="rule"></i>`,
      headline ? text(ctx, "headline", headline, { tag: "h2" }) : "",
      body ? text(ctx, "body", body) : "",
    ].join("");
    return `<div class="copy">${copy}</div>${visualSlot(ctx)}`;
  },
};
