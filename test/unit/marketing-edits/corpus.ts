import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { EditRefusalCode } from "../../../src/domains/marketing/edits/context.js";
import type { RevisionOperation } from "../../../src/pipelines/marketing/campaign/document.js";
import type { ProjectName } from "./fixtures.js";

/** One instruction of the corpus: the operations it must give, or the code it must be refused with. */
export type CorpusCase = {
  file: string;
  project: ProjectName;
  say: string;
  latestRevision?: number;
  why?: string;
} & ({ operations: RevisionOperation[]; refuse?: undefined } | { refuse: EditRefusalCode; operations?: undefined });

const DIR = join(import.meta.dirname, "corpus");

export function loadCorpus(): CorpusCase[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(join(DIR, file), "utf8")) as Omit<CorpusCase, "file">[]).map(
        (c) => ({ ...c, file }) as CorpusCase,
      ),
    );
}
