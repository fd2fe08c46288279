/**
 * BCP 47 helpers for voice languages. Engines name languages loosely (`en-gb-x-rp`, `chr-US-Qaaa-x-west`);
 * the catalogue publishes well-formed tags with conventional casing, so `language` values in requests
 * and responses are ordinary BCP 47 tags, compared case-insensitively as BCP 47 says.
 */

const isWellFormed = (tag: string): boolean => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

/** `en-gb` → `en-GB`, `fa-latn` → `fa-Latn`, `es-419` stays: language lower, script title, region upper. */
export function caseTag(subtags: readonly string[]): string {
  return subtags
    .map((s, i) => {
      if (i === 0) return s.toLowerCase();
      if (/^[a-z]{2}$/i.test(s)) return s.toUpperCase();
      if (/^[a-z]{4}$/i.test(s)) return s[0]?.toUpperCase() + s.slice(1).toLowerCase();
      return s.toLowerCase();
    })
    .join("-");
}

/**
 * An engine's language code as a BCP 47 tag: private-use parts dropped (they name accents the voice id
 * already carries), then trailing subtags dropped until the tag is well formed. Null when nothing is
 * (e.g. espeak's `piqd`, whose four-letter primary subtag BCP 47 reserves).
 */
export function toLanguageTag(code: string): string | null {
  const subtags = (code.toLowerCase().split("-x-")[0] ?? "").split("-").filter(Boolean);
  while (subtags.length > 0) {
    const tag = caseTag(subtags);
    if (isWellFormed(tag)) return tag;
    subtags.pop();
  }
  return null;
}

/** An alias is kept only when it is already canonical, so deprecated forms (`zh-cmn`, `hy-arevela`) never surface. */
export function toCanonicalAlias(code: string): string | null {
  const tag = toLanguageTag(code);
  if (!tag) return null;
  const canonical = Intl.getCanonicalLocales(tag)[0];
  return canonical?.toLowerCase() === tag.toLowerCase() ? tag : null;
}

export const primarySubtag = (tag: string): string => tag.split("-")[0] ?? tag;

const displayNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** English name of a tag ("en-GB" → "British English"), or the fallback when ICU does not know it. */
export function languageName(tag: string, fallback: string): string {
  let name: string | undefined;
  try {
    name = displayNames.of(tag);
  } catch {
    name = undefined;
  }
  // ICU may answer a code it cannot name with the canonicalised code itself; that is no name.
  const codes = [tag, ...Intl.getCanonicalLocales(tag)].map((c) => c.toLowerCase());
  return name && !codes.includes(name.toLowerCase()) ? name : fallback;
}
