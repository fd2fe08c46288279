import { type KnownClaim, unsupportedClaim } from "../campaign/claims.js";
import { isPlaceholderText } from "../scan/copy/placeholder.js";
import type { ManifestCopyBlock, PageRole, SourceManifest } from "../source/manifest.js";
import { normaliseSpace } from "../source/text.js";
import { focusScore, focusStems } from "./focus.js";
import { sentencesOf } from "./sentences.js";

/**
 * The copy a story may use: every block of the version that is not the site's filler, with only the
 * sentences whose claims the version's claims index holds (a render source's narration has no index, so
 * a sentence of it with a figure is left out), scored against the user's focus. Each block is taken at
 * most once, and so are its words: `take` marks it and any block that repeats its text, and every chooser
 * skips what is taken.
 */

export interface PoolBlock {
  id: string;
  kind: ManifestCopyBlock["kind"];
  /** Index of the page (0 = the start page; null for a render source's narration). */
  page: number | null;
  order: number;
  role: PageRole | null;
  title: string | null;
  /** The block's sentences that state only indexed claims, joined; "" when it has none. */
  text: string;
  author: string | null;
  authorTitle: string | null;
  href: string | null;
  /** How many of the focus words the block's title and text hold. */
  focus: number;
  block: ManifestCopyBlock;
}

export class CopyPool {
  readonly blocks: readonly PoolBlock[];
  readonly claims: readonly KnownClaim[];
  /** The focus holds words to look for (not only "the", "show", …). */
  readonly focused: boolean;
  private readonly taken = new Set<string>();

  constructor(manifest: SourceManifest, focus: string | null) {
    this.claims = manifest.claims;
    const stems = focusStems(focus);
    this.focused = stems.length > 0;
    this.blocks = manifest.copy.flatMap((block) => {
      const made = poolBlock(block, manifest, this.claims);
      if (!made) return [];
      return [{ ...made, focus: focusScore(`${made.title ?? ""} ${made.text}`, stems) }];
    });
  }

  /** Free blocks of these kinds, in page order (start page first), then document order. */
  free(...kinds: ManifestCopyBlock["kind"][]): PoolBlock[] {
    return this.blocks.filter((b) => kinds.includes(b.kind) && !this.taken.has(b.id));
  }

  /** Marks the block used, and any other block saying the same words (a subhead repeated on another page). */
  take(block: PoolBlock): PoolBlock {
    this.taken.add(block.id);
    const same = (b: PoolBlock) => b.text !== "" && b.text.toLowerCase() === block.text.toLowerCase();
    for (const b of this.blocks) if (same(b)) this.taken.add(b.id);
    return block;
  }

  isTaken(id: string): boolean {
    return this.taken.has(id);
  }

  /** Whether the focus words met any block at all. */
  get focusMet(): boolean {
    return this.blocks.some((b) => b.focus > 0);
  }

  /** Text that states only the index's claims. */
  supported(text: string): boolean {
    return unsupportedClaim(text, this.claims) === null;
  }
}

function poolBlock(
  block: ManifestCopyBlock,
  manifest: SourceManifest,
  claims: readonly KnownClaim[],
): Omit<PoolBlock, "focus"> | null {
  const clean = (s: string | null | undefined): string | null => {
    const t = normaliseSpace(s ?? "");
    return t === "" || isPlaceholderText(t) || unsupportedClaim(t, claims) ? null : t;
  };
  const raw = "text" in block ? normaliseSpace(block.text) : "";
  if (isPlaceholderText(raw)) return null;
  const text = sentencesOf(raw)
    .filter((s) => !isPlaceholderText(s) && unsupportedClaim(s, claims) === null)
    .join(" ");
  const title = "title" in block ? clean(block.title) : null;
  const author = block.kind === "testimonial" ? clean(block.author) : null;
  if (block.kind === "testimonial" && (author === null || text !== raw)) return null; // a quote is never cut
  if (text === "" && title === null && block.kind !== "pricing") return null;
  return {
    id: block.id,
    kind: block.kind,
    page: block.page,
    order: block.order,
    role: block.page === null ? null : (manifest.pages[block.page]?.role ?? null),
    title,
    text,
    author,
    authorTitle: block.kind === "testimonial" ? clean(block.authorTitle) : null,
    href: block.kind === "call_to_action" ? block.href : null,
    block,
  };
}
