import { TEXT_CAPS } from "../campaign/limits.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import { ranked, type SceneDraft } from "./scene-draft.js";
import { sentencesOf } from "./sentences.js";
import { shortenCopy } from "./shorten.js";

/**
 * A quote scene: a testimonial with its author, in the customer's words. Shortened only by whole
 * sentences (the cap is 220 characters, which most testimonials fit); a first sentence longer than that
 * is cut with an ellipsis, since a quote must never read as complete when it is not. The author line is
 * the name with the role and company when they fit, else the name and company, else the name.
 */

export function chooseQuote(pool: CopyPool): SceneDraft | null {
  const pick = ranked(pool.free("testimonial"), (b) => (b.page === 0 ? 1 : 0))[0];
  if (!pick?.author) return null;
  const text = shortenCopy(pick.text, TEXT_CAPS.quoteText, { sentences: "fit", ellipsis: true });
  if (!text) return null;
  pool.take(pick);
  const speaker = speakerOf(pick);
  return {
    kind: "quote",
    headline: null,
    body: null,
    cta: null,
    quote: { text, author: authorLine(speaker) },
    blocks: [pick],
    claimIds: [],
    speech: { title: null, sentences: sentencesOf(pick.text), speaker },
    want: { page: pick.page, sections: ["testimonials"], images: [] },
  };
}

/** "VP Customer Success, Harbor Freightways" → role and company; a title without a comma is a role. */
function speakerOf(b: PoolBlock): { name: string; role: string | null; company: string | null } {
  const name = b.author ?? "";
  const title = b.authorTitle;
  if (!title) return { name, role: null, company: null };
  const comma = title.lastIndexOf(",");
  if (comma < 0) return { name, role: title, company: null };
  return { name, role: title.slice(0, comma).trim() || null, company: title.slice(comma + 1).trim() || null };
}

function authorLine(s: { name: string; role: string | null; company: string | null }): string {
  const cap = TEXT_CAPS.quoteAuthor;
  const full = [s.name, s.role, s.company].filter(Boolean).join(", ");
  if (full.length <= cap) return full;
  const short = [s.name, s.company ?? s.role].filter(Boolean).join(", ");
  if (short.length <= cap) return short;
  return s.name.length <= cap ? s.name : (shortenCopy(s.name, cap, { sentences: "first", ellipsis: false }) ?? s.name);
}
