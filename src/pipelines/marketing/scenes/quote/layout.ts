import { layoutCss, type SceneLayout } from "../layout-types.js";
import { coverLabel, text, visualSlot } from "../parts.js";

/** A testimonial: a large quotation mark, the words in the heading font, the author under a rule. */
export const QUOTE_LAYOUT: SceneLayout = {
  // The headline only when the scene has no quote.
  fields: ["coverText", "quote", "headline"],
  css: layoutCss(import.meta.url),
  scale: { landscape: { quote: { max: 56, min: 38, lines: 7 } } },
  html(ctx) {
    const quote = ctx.scene.quote;
    const words = quote?.text.trim() ? quote.text : null;
    const headline = ctx.scene.headline;
    const copy = [
      coverLabel(ctx),
      words ? `<span class="mark" data-sprite="mark">\u201c</span>` : "",
      words ? text(ctx, "quote", words, { tag: "blockquote" }) : "",
      // A quote scene without a quote says its headline (the generator always gives one; an edit may not).
      !words && headline ? text(ctx, "headline", headline, { tag: "h2" }) : "",
      quote?.author ? `<div class="by"><i class="rule"></i>${text(ctx, "author", quote.author)}</div>` : "",
    ].join("");
    const centred = ctx.visual && ctx.orientation === "landscape" ? "" : " centred";
    return `<div class="copy${centred}">${copy}</div>${visualSlot(ctx)}`;
  },
};
