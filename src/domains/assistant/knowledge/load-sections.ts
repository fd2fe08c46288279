import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { markdownSections } from "./markdown-sections.js";
import type { KnowledgeSection } from "./section.js";

/** The part of the service's OpenAPI document the assistant reads: each operation's words. */
export interface PublishedOperations {
  /** Path → method → operation object (read for operationId, summary, description and x-scopes). */
  paths: Record<string, Record<string, unknown>>;
}

interface OperationWords {
  operationId?: unknown;
  summary?: unknown;
  description?: unknown;
  "x-scopes"?: unknown;
}

/**
 * Sentences the document adds to every operation's description (src/http/openapi.ts): the same words on
 * seventy operations would make each of them match every question about seconds, scopes or sessions.
 * What they say stays findable: the scopes go to the section's keywords.
 */
const GENERATED_SENTENCES = [
  /\s*Scopes: [^.]*\. Rate class: \w+\./g,
  /\s*Spends (no )?video seconds\./g,
  /\s*Asynchronous: answers 202 with a job to poll\./g,
  /\s*Dashboard session only; API keys are refused\./g,
  /\s*Not one of the API's 71 operations: the dashboard's sign-in\./g,
];
const ownWords = (description: string) => GENERATED_SENTENCES.reduce((text, re) => text.replace(re, ""), description);

/** What the assistant answers from: README.md, docs/*.md and docs/decisions/*.md under `docsDir`. */
export async function documentationFiles(docsDir: string): Promise<string[]> {
  const markdownIn = async (folder: string) =>
    (await readdir(join(docsDir, folder), { withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith(".md"))
      .map((e) => `${folder}/${e.name}`)
      .sort();
  return ["README.md", ...(await markdownIn("docs")), ...(await markdownIn("docs/decisions"))];
}

/** Every heading of every documentation file as a section. Throws when a file cannot be read. */
export async function docSections(docsDir: string, firstId = 0): Promise<KnowledgeSection[]> {
  const sections: KnowledgeSection[] = [];
  for (const path of await documentationFiles(docsDir)) {
    const markdown = await readFile(join(docsDir, path), "utf8");
    for (const s of markdownSections(markdown)) {
      sections.push({
        id: firstId + sections.length,
        source: "docs",
        path,
        anchor: s.anchor,
        title: s.heading,
        trail: s.parents,
        body: s.body,
        keywords: path.replace(/\.md$/, "").replace(/[/_-]/g, " "),
      });
    }
  }
  return sections;
}

/** Each operation of the OpenAPI document (the sign-in routes included) as a section: summary and description. */
export function operationSections(document: PublishedOperations, firstId = 0): KnowledgeSection[] {
  const sections: KnowledgeSection[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const op = (value ?? {}) as OperationWords;
      if (typeof op.operationId !== "string" || typeof op.summary !== "string") continue;
      const description = typeof op.description === "string" ? op.description : "";
      const scopes = Array.isArray(op["x-scopes"]) ? op["x-scopes"].map(String) : [];
      const verb = method.toUpperCase();
      sections.push({
        id: firstId + sections.length,
        source: "api",
        path: `${verb} ${path}`,
        anchor: op.operationId,
        title: op.summary,
        trail: [],
        body: ownWords(description).trim(),
        // The path names the resource already; the operationId and tag would say it a third time.
        keywords: [verb, path, ...scopes].join(" "),
      });
    }
  }
  return sections;
}
