// The soak suite's virtual client: sends one request at a time at a steady pace, times it, classes the
// answer against what was expected and tallies it in the run's record.
import { setTimeout as sleep } from "node:timers/promises";
import type { Answer, ApiClient, CallOptions } from "./api-client.js";
import type { Run } from "./soak-record.js";
import { classify, type Expectation } from "./soak-stats.js";

/** One virtual client: its requests paced at a steady rate, each timed, classed and tallied. */
export class Client {
  private next = performance.now();

  constructor(
    private readonly run: Run,
    private readonly api: ApiClient,
    private readonly interval: number,
  ) {}

  async send(
    what: string,
    expected: Expectation,
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    opts?: CallOptions,
  ): Promise<Answer | undefined> {
    await this.pace();
    const started = performance.now();
    const tally = this.run.tally(started);
    let answer: Answer | Error;
    try {
      answer = await this.api.call(method, path, body, opts);
    } catch (err) {
      answer = err instanceof Error ? err : new Error(String(err));
    }
    const classed = classify(what, expected, answer);
    tally.add(classed.outcome, answer instanceof Error ? performance.now() - started : answer.ms);
    if (classed.problem) this.run.note(what, classed.outcome, classed.problem);
    return answer instanceof Error ? undefined : answer;
  }

  /** Waits for this client's next slot; one that fell more than a second behind does not burst to catch up. */
  private async pace(): Promise<void> {
    if (this.interval <= 0) return;
    const now = performance.now();
    if (this.next < now - 1000) this.next = now;
    const wait = this.next - now;
    this.next += this.interval;
    if (wait > 0) await sleep(wait);
  }
}
