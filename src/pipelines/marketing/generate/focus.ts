/**
 * The user's focus ("the reminders and the Slack integration") as word stems, and how much of it a piece
 * of copy is about: the count of focus stems its words share. Stems are crude on purpose (plural, -ing,
 * -ed and -s cut): "reminders" meets "reminder", "integrates" meets "integration" does not, and that is
 * an acceptable miss for a preference, which never adds or removes material.
 */

const STOP = new Set(
  (
    "the and for with about from into that this these those our your their its it's them they you we " +
    "show shows showing video make more less some any all please want like would could should just also " +
    "how what why when where which who whom use using used one two three focus mostly mainly especially"
  ).split(" "),
);

const stem = (word: string): string =>
  word
    .toLowerCase()
    .replace(/['’]s$/u, "")
    .replace(/(?:ies)$/u, "y")
    .replace(/(?:ing|ed|es|s)$/u, "");

export function focusStems(focus: string | null): string[] {
  if (!focus) return [];
  const words = focus.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP.has(w)).map(stem))].filter((s) => s.length >= 3);
}

/** How many of the focus stems the text holds. */
export function focusScore(text: string, stems: readonly string[]): number {
  if (stems.length === 0) return 0;
  const own = new Set((text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map(stem));
  return stems.filter((s) => own.has(s)).length;
}
