import { API_PREFIX } from "../../../operations/registry.js";
import type { Citation } from "../view.js";
import type { KnowledgeSection } from "./section.js";

/**
 * A section as a link the dashboard can show. Docs: `<docsUrl>/<path>#<anchor>` (a repository's blob URL
 * renders the Markdown and its GitHub anchors), or the repository path and anchor when no docs URL is
 * configured. Operations: the service's own API reference page, at the operation's anchor there
 * (`#tag/<tag>/<METHOD><path>`), which every running service serves.
 */
export function citationOf(section: KnowledgeSection, docsUrl: string | null): Citation {
  if (section.source === "api") {
    const [method, path] = section.path.split(" ") as [string, string];
    const tag = section.anchor.split(".")[0] as string;
    return {
      title: section.title,
      source: "api",
      path: section.path,
      anchor: section.anchor,
      href: `${API_PREFIX}/reference#tag/${tag}/${method}${path}`,
    };
  }
  const target = `${section.path}#${section.anchor}`;
  return {
    title: section.title,
    source: "docs",
    path: section.path,
    anchor: section.anchor,
    href: docsUrl ? `${docsUrl}/${target}` : target,
  };
}
