// What the load suite sends: a fixed cycle of reads and writes, and the writes' bookkeeping, so that
// creating and deleting saved templates can go on for minutes without reaching the account's cap.

export type Slot = "account" | "ledger" | "renders" | "templates" | "write";

/**
 * Twenty arrivals, repeated: 80 % reads (6 GET /account, 5 ledger pages, 3 render lists, 2 template
 * lists) and 20 % writes, spread through the cycle rather than bunched.
 */
export const MIX_CYCLE: readonly Slot[] = [
  "account",
  "ledger",
  "renders",
  "account",
  "write",
  "ledger",
  "account",
  "templates",
  "write",
  "ledger",
  "account",
  "renders",
  "write",
  "ledger",
  "account",
  "templates",
  "write",
  "account",
  "ledger",
  "renders",
];

export const slotOf = (i: number): Slot => MIX_CYCLE[i % MIX_CYCLE.length] as Slot;

export type Write = { kind: "create" } | { kind: "delete"; id: string } | { kind: "update" };

/**
 * Writes alternate between creating a template and deleting the oldest one known to exist. What the
 * server may hold at once (known, being created, being deleted, or unknown: a create or delete that
 * got no answer may have happened) stays under `cap`: at the cap a write deletes instead of creating,
 * and when there is nothing known to delete either (every create still unanswered, as in a queue) it
 * updates a standing template instead, so that a slow server sees the same share of writes without
 * the benchmark's own creates filling the account's cap, or deleting a template twice.
 */
export class WriteChurn {
  private readonly live: string[] = [];
  private creating = 0;
  private deleting = 0;
  private unknown = 0;
  private deleteNext = false;

  constructor(private readonly cap: number) {}

  next(): Write {
    const full = this.held >= this.cap;
    const wantDelete = this.deleteNext || full;
    this.deleteNext = !this.deleteNext;
    const id = wantDelete ? this.live.shift() : undefined;
    if (id !== undefined) {
      this.deleting++;
      return { kind: "delete", id };
    }
    if (full) return { kind: "update" };
    this.creating++;
    return { kind: "create" };
  }

  /** A create answered 2xx with this id. */
  created(id: string): void {
    this.creating--;
    this.live.push(id);
  }

  /** A create got no 2xx: refused (`answered`: nothing was made), or no answer (it may have been). */
  notCreated(answered: boolean): void {
    this.creating--;
    if (!answered) this.unknown++;
  }

  /** A delete answered 2xx. */
  deleted(): void {
    this.deleting--;
  }

  /**
   * A delete got no 2xx: refused (`answered`), so the template is still there and goes back to be
   * deleted later; or no answer, so it may or may not be there.
   */
  notDeleted(id: string, answered: boolean): void {
    this.deleting--;
    if (answered) this.live.push(id);
    else this.unknown++;
  }

  /** Templates the server may hold now, by this count. */
  get held(): number {
    return this.live.length + this.creating + this.deleting + this.unknown;
  }
}
