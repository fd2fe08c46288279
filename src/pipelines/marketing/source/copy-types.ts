/** Per block text and per version block count (decision 0025). Here, beside the type, because the
 * manifest schema and render sources need them without the extractors' imports. */
export const BLOCK_TEXT_CAP = 1000;
export const MAX_BLOCKS = 300;

/** A block of a page's copy, in the manifest's shape (decision 0025; manifest.ts `CopyBlockSchema`). */
interface Base {
  id: string;
  /** Index of the page in the manifest's pages (0 = start page). */
  page: number;
  /** Position of the block on its page, from 0, in document order. */
  order: number;
}
export type CopyBlock =
  | (Base & { kind: "headline" | "value_proposition" | "feature" | "step"; title?: string; text: string })
  | (Base & { kind: "testimonial"; text: string; author: string | null; authorTitle: string | null })
  | (Base & {
      kind: "pricing";
      title: string | null;
      price: string | null;
      currency: string | null;
      period: string | null;
      items: string[];
    })
  | (Base & { kind: "faq"; title: string; text: string })
  | (Base & { kind: "call_to_action"; text: string; href: string | null });
