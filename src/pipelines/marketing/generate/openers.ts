/**
 * Keeps a video's lines from opening alike: each line's first word is noted, and a frame is chosen among
 * its family's options as the first whose first word no earlier line opened with (the family's first when
 * every option has been heard). One instance per narration.
 */
export class Openers {
  private readonly heard = new Set<string>();

  /** The first option that opens with a word not heard yet (else the first); not noted until `note`. */
  choose<T>(options: readonly T[], text: (o: T) => string): T {
    const fresh = options.find((o) => !this.heard.has(firstWord(text(o))));
    return (fresh ?? options[0]) as T;
  }

  note(line: string): void {
    const w = firstWord(line);
    if (w) this.heard.add(w);
  }
}

export const firstWord = (line: string): string =>
  (/^[“"‘«(]?([\p{L}\p{N}][\p{L}\p{N}'’]*)/u.exec(line.trim())?.[1] ?? "").toLowerCase().replace(/’/gu, "'");
