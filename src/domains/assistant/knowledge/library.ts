import { docSections, operationSections, type PublishedOperations } from "./load-sections.js";
import { KnowledgeIndex } from "./search-index.js";

/** The assistant's knowledge, built from the docs and the OpenAPI document on first use. */
export interface SupportLibrary {
  /** The index; rejects when the documentation cannot be read (the caller answers assistant_unavailable). */
  index(): Promise<KnowledgeIndex>;
}

/**
 * Built once per app on the first question (a second of start-up nobody else should pay), then kept. A
 * failed build is not kept: the next question tries again, so a docs folder put back heals the assistant.
 */
export function supportLibrary(docsDir: string, operations: PublishedOperations): SupportLibrary {
  let building: Promise<KnowledgeIndex> | null = null;
  return {
    index() {
      building ??= buildIndex(docsDir, operations).catch((err: unknown) => {
        building = null;
        throw err;
      });
      return building;
    },
  };
}

export async function buildIndex(docsDir: string, operations: PublishedOperations): Promise<KnowledgeIndex> {
  const docs = await docSections(docsDir);
  const api = operationSections(operations, docs.length);
  if (docs.length === 0) throw new Error(`no documentation sections under ${docsDir}`);
  return new KnowledgeIndex([...docs, ...api]);
}
