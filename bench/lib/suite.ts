/** A named benchmark suite: `npm run bench -- <name>` runs it alone, `npm run bench` runs them all. */
export interface Suite {
  name: string;
  title: string;
  run(ctx: SuiteContext): Promise<SuiteResult>;
}

export interface SuiteContext {
  /** The command as typed, for the report. */
  command: string;
  /**
   * `--sites a,b:named`: the sites (or one hint of a site, `id:named` / `id:vague`) a site-by-site suite
   * runs; null runs them all. Suites that do not go site by site ignore it.
   */
  sites: readonly string[] | null;
  /** False for a narrowed run: its samples are not written to docs/samples/ either. */
  writeDocs: boolean;
}

export interface SuiteResult {
  /** The suite's section of docs/benchmarks.md (without its markers). */
  markdown: string;
  /** One line per missed target; empty when all passed. */
  missed: string[];
}

/** Whether the `--sites` filter keeps this site's hint (no filter keeps everything). */
export const selected = (sites: readonly string[] | null, id: string, hint: string): boolean =>
  sites === null || sites.includes(id) || sites.includes(`${id}:${hint}`);
