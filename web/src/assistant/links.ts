import type { Operations } from "../api/openapi-types";

export type Conversation = Operations["assistant.getCurrentConversation"]["response"];
export type Message = Conversation["messages"][number];
export type Citation = Message["citations"][number];
export type Handoff = NonNullable<Conversation["handoff"]>;

/**
 * Where a citation may link: a path of this service (the API reference, `/api/v1/reference#…`), or, for
 * a docs section, the http(s) address the service builds from CLIPWRIGHT_DOCS_URL. Anything else (the
 * repository-relative `docs/x.md#anchor` a service without that setting gives, another scheme) is shown
 * as text, never as a link.
 */
export function citationHref(citation: Citation): string | null {
  const { href } = citation;
  if (href.startsWith("/") && !href.startsWith("//") && !href.includes("\\")) return href;
  if (citation.source !== "docs") return null;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
