/** A named benchmark suite: `npm run bench -- <name>` runs it alone, `npm run bench` runs them all. */
export interface Suite {
  name: string;
  title: string;
  run(ctx: SuiteContext): Promise<SuiteResult>;
}

export interface SuiteContext {
  /** The command as typed, for the report. */
  command: string;
}

export interface SuiteResult {
  /** The suite's section of docs/benchmarks.md (without its markers). */
  markdown: string;
  /** One line per missed target; empty when all passed. */
  missed: string[];
}
