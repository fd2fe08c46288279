import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** A question and its answer: a question mark in the accent, the question, the answer on a card. */
export const FAQ_LAYOUT: SceneLayout = {
  fields: ["coverText", "headline", "body"],
  css: layoutCss(import.meta.url),
  html(ctx) {
    const { headline, body } = ctx.scene;
    const copy = [
      coverLabel(ctx),
      `<span class="ask" data-sprite="mark">?</span>`,
      headline ? text(ctx, "headline", headline, { tag: "h2" }) : "",
      body ? `<div class="answer">${text(ctx, "body", body)}</div>` : "",
    ].join("");
    return `<div class="copy">${copy}</div>${visualSlot(ctx)}`;
  },
};
