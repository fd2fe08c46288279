/**
 * The site's own name, read from page titles. Titles join the page's name and the site's with a
 * separator ("Dashboard · Meridian Ops", "Pricing | Acme", "Acme Analytics: product analytics"); the
 * welcome line wants only the site's part.
 */

export interface TitledPage {
  url: string;
  title: string;
  /** The name the page gives itself (og:site_name or application-name), when it has one. */
  namedSite?: string | null;
  /** Other text on the page (navigation names, headline, a paragraph): a brand is usually repeated there. */
  text?: readonly string[];
}

/** Separators between a page's name and the site's; a colon is handled apart (it reads "Name: tagline"). */
const SEPARATOR = /\s+[·|•–—-]\s+/;
const COLON = /\s*:\s+/;

const key = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** A title's parts: split on the separators, each part then on a colon. */
export function titleParts(title: string): string[] {
  return title
    .split(SEPARATOR)
    .flatMap((part) => part.split(COLON))
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The host's labels that can name a site ("app.meridian-ops.com" → "meridianops"; not www or the TLD). */
function hostLabels(url: string): string[] {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return [];
  }
  if (/^[\d.]+$|:/.test(host)) return [];
  return host
    .split(".")
    .slice(0, -1)
    .filter((l) => l !== "www")
    .map(key)
    .filter((l) => l.length >= 3);
}

/**
 * Picks the part of `page`'s title that names the site: the part the other pages' titles share (when
 * others are known), else the part matching the page's declared site name or the host name, else the
 * one part the page's own text spells out whole (a brand link), else the one part its text repeats, else
 * the title's default: the part before a colon when the
 * title reads "Name: tagline", otherwise its last part ("Page · Site"). The host name when untitled.
 */
export function siteNameFrom(page: TitledPage, others: readonly TitledPage[] = []): string {
  const parts = titleParts(page.title);
  const fallback = (): string => {
    try {
      return new URL(page.url).hostname;
    } catch {
      return page.url;
    }
  };
  if (parts.length === 0) return fallback();
  if (parts.length === 1) return parts[0] as string;

  const otherTitles = others
    .filter((o) => o.url !== page.url && o.title !== page.title)
    .map((o) => new Set(titleParts(o.title).map(key)));
  if (otherTitles.length > 0) {
    const shared = parts.map((p) => otherTitles.filter((t) => t.has(key(p))).length);
    const most = Math.max(...shared);
    const best = parts.filter((_, i) => shared[i] === most);
    if (most > 0 && best.length === 1) return best[0] as string;
  }

  const declared = page.namedSite ? key(page.namedSite) : "";
  const byName = declared ? parts.filter((p) => key(p) === declared) : [];
  if (byName.length === 1) return byName[0] as string;
  const labels = hostLabels(page.url);
  const byHost = parts.filter((p) => {
    const k = key(p);
    return labels.some((l) => k === l || (k.length >= 4 && (l.includes(k) || k.includes(l))));
  });
  if (byHost.length === 1) return byHost[0] as string;

  // A part that is a whole text of the page (the brand link's "Sneat") beats one merely inside a text
  // ("Upgrade to Pro" holds "Pro").
  const whole = new Set((page.text ?? []).map(key));
  let spelledOut = parts.filter((p) => key(p).length >= 3 && whole.has(key(p)));
  // The first part is the page's own name ("Dashboard - … | Sneat"), which its navigation also spells.
  if (spelledOut.length > 1) spelledOut = spelledOut.filter((p) => p !== parts[0]);
  if (spelledOut.length === 1) return spelledOut[0] as string;

  const text = key((page.text ?? []).join(" "));
  const mentioned = text ? parts.filter((p) => key(p).length >= 3 && text.includes(key(p))) : [];
  if (mentioned.length === 1) return mentioned[0] as string;

  // No other clue: "Name: tagline" names the site first, "Page · Site" last.
  const segments = page.title.split(SEPARATOR).filter((s) => s.trim());
  const last = segments.length > 1 ? (segments[segments.length - 1] as string) : (segments[0] ?? "");
  return last.split(COLON)[0]?.trim() || fallback();
}
