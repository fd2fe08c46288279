import type { FoundBlock } from "./copy-context.js";

/**
 * Template filler a site left in place: lorem ipsum and the stock labels of a theme ("Project Name",
 * "Your Name Here"). It is never copy — a video must not say it — and a version that met it says so
 * (warning `placeholder_copy`), since it usually means the site is an unfinished template.
 */
const LOREM =
  /\blorem ipsum\b|\bipsum dolor\b|\bdolor sit amet\b|\bconsectetur adipisicing\b|\bconsectetur adipiscing\b/i;
const STOCK_LABEL =
  /^(?:(?:your|project|company|product|client|person|team member|member|author|site|brand) name(?: here)?|(?:your )?(?:title|heading|subheading|text) (?:goes )?here|sample (?:text|title|heading)|placeholder(?: text)?|lorem(?: ipsum)?)$/i;

/** Whether a text is filler: lorem ipsum anywhere in it, or a whole stock label. */
export function isPlaceholderText(text: string | null | undefined): boolean {
  const t = (text ?? "").trim();
  return t !== "" && (LOREM.test(t) || STOCK_LABEL.test(t.replace(/[.:!]+$/u, "")));
}

/** A block whose title or text is filler is not copy. */
export function isPlaceholderBlock(block: FoundBlock): boolean {
  switch (block.kind) {
    case "pricing":
      return isPlaceholderText(block.title) || block.items.some(isPlaceholderText);
    case "testimonial":
      return isPlaceholderText(block.text) || isPlaceholderText(block.author);
    case "faq":
      return isPlaceholderText(block.title) || isPlaceholderText(block.text);
    case "call_to_action":
      return isPlaceholderText(block.text);
    default:
      return isPlaceholderText(block.title) || isPlaceholderText(block.text);
  }
}
