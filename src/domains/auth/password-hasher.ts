import { hash, verify } from "@node-rs/argon2";
import { ApiError } from "../../contract/errors.js";

// Argon2id (algorithm 2) with OWASP's second recommended profile: 19 MiB, 2 passes.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Verified against when the email is unknown, so both failures cost the same.
const DECOY_PASSWORD = "not-a-password-anyone-has";

export interface PasswordHashingLimits {
  /** Hash or verify operations running at once. */
  concurrency: number;
  /** Operations allowed to wait for a turn; beyond that, 503. */
  queue: number;
}

/**
 * Every argon2 hash and verify of the process goes through here. Argon2 runs on libuv's small thread
 * pool (4 threads by default), which file and DNS work share: unbounded password work from a burst of
 * sign-ins would starve them. So at most `concurrency` run at once, at most `queue` wait, and the rest
 * are answered 503 service_unavailable with Retry-After instead of piling up.
 */
export class PasswordHasher {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private decoy: Promise<string> | undefined;

  constructor(
    private readonly limits: PasswordHashingLimits,
    /** Called as each operation takes its turn, before it runs (tests count and hold turns). */
    private readonly onTurn?: (running: number) => void | Promise<void>,
  ) {}

  /** Operations running now. */
  get running(): number {
    return this.active;
  }

  /** Operations waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  hash(password: string): Promise<string> {
    return this.inTurn(() => hash(password, ARGON2));
  }

  /** False for a wrong password or a malformed stored hash. */
  verify(stored: string, password: string): Promise<boolean> {
    return this.inTurn(() => verify(stored, password).catch(() => false));
  }

  /** Verify against the account's hash, or against a decoy when there is no account (same cost). */
  async verifyOrDecoy(stored: string | undefined, password: string): Promise<boolean> {
    if (stored !== undefined) return this.verify(stored, password);
    await this.verify(await this.decoyHash(), password);
    return false;
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= this.hash(DECOY_PASSWORD).catch((err: unknown) => {
      this.decoy = undefined; // a busy refusal must not be remembered as the decoy
      throw err;
    });
    return this.decoy;
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    await this.takeTurn();
    try {
      await this.onTurn?.(this.active);
      return await work();
    } finally {
      this.passTurn();
    }
  }

  private takeTurn(): Promise<void> | void {
    if (this.active < this.limits.concurrency) {
      this.active += 1;
      return;
    }
    if (this.waiting.length >= this.limits.queue) {
      throw new ApiError("service_unavailable", { reason: "password_work_busy" }, { "Retry-After": "1" });
    }
    // The finishing operation hands its turn over: `active` stays as it is.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private passTurn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
