/** A piece of the service's own documentation the assistant can answer from and cite. */
export interface KnowledgeSection {
  id: number;
  /** `docs`: a Markdown section of README.md or docs/; `api`: an operation of the OpenAPI document. */
  source: "docs" | "api";
  /** The repository path (`docs/webhooks.md`) or the operation's method and path (`POST /webhooks`). */
  path: string;
  /** The heading's anchor, or the operationId. */
  anchor: string;
  title: string;
  /** The headings above it (the document's title first), or the operation's tag. */
  trail: string[];
  body: string;
  /** Words that name it without being prose: file name, operationId, method and path. */
  keywords: string;
}
