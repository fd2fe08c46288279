/**
 * Keeps one video's lines from sounding like a form letter: each sentence frame (a family of ways to say
 * one thing) is picked least-used first, so no frame is said more than twice while the family has other
 * ways, and a line's opening never starts with the first word of either line before it.
 */
export class Variety {
  private readonly uses = new Map<string, number>();
  private readonly openers: string[] = [];

  /** The least-used option of the family (its first, among equals, after `offset` turns); counts the use. */
  pick(family: string, options: readonly string[], offset = 0): string {
    return this.choose(family, options, offset, () => true);
  }

  /**
   * As pick, for a line's first sentence: an option starting with the same word as one of the last two
   * lines is taken only when every option does.
   */
  opener(family: string, options: readonly string[], offset = 0): string {
    const recent = this.openers.slice(-2);
    const fresh = (o: string) => !recent.includes(firstWord(o));
    const choice = this.choose(family, options, offset, options.some(fresh) ? fresh : () => true);
    this.openers.push(firstWord(choice));
    return choice;
  }

  /** A line that came from elsewhere (a template kept as it was) still counts as an opening. */
  heard(line: string): void {
    this.openers.push(firstWord(line));
  }

  private choose(family: string, options: readonly string[], offset: number, allowed: (o: string) => boolean): string {
    let best = -1;
    let bestUses = Number.POSITIVE_INFINITY;
    for (let k = 0; k < options.length; k++) {
      const i = (k + offset) % options.length;
      const option = options[i] as string;
      if (!allowed(option)) continue;
      const used = this.uses.get(`${family}#${i}`) ?? 0;
      if (used < bestUses) {
        best = i;
        bestUses = used;
      }
    }
    if (best < 0) return options[0] ?? "";
    this.uses.set(`${family}#${best}`, bestUses + 1);
    return options[best] as string;
  }
}

const firstWord = (s: string): string => (/^[“"‘]?([\p{L}']+)/u.exec(s)?.[1] ?? "").toLowerCase();
