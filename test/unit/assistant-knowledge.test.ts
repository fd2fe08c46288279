import { describe, expect, it } from "vitest";
import { accountQuestionOf } from "../../src/domains/assistant/account-state/intent.js";
import { citationOf } from "../../src/domains/assistant/knowledge/citation.js";
import { excerptOf } from "../../src/domains/assistant/knowledge/excerpt.js";
import { operationSections } from "../../src/domains/assistant/knowledge/load-sections.js";
import { markdownSections } from "../../src/domains/assistant/knowledge/markdown-sections.js";
import { passagesOf } from "../../src/domains/assistant/knowledge/passages.js";
import { questionTerms } from "../../src/domains/assistant/knowledge/terms.js";

// The pieces the assistant's answers are made of (decision 0039): how the docs are cut into sections and
// passages, the anchors its citations link to, the words it searches, and which questions read the account.

describe("markdown sections", () => {
  const doc = [
    "# Webhooks: a guide",
    "Intro.",
    "## Verifying the signature",
    "Do these steps.",
    "```sh",
    "# 1. not a heading: a shell comment",
    "```",
    "### `verifyWebhook`",
    "The function.",
    "## Verifying the signature",
    "Again.",
  ].join("\n");

  it("splits at every heading outside fenced code, with the headings above each and GitHub's anchors", () => {
    const sections = markdownSections(doc);
    expect(sections.map((s) => [s.heading, s.anchor, s.parents])).toEqual([
      ["Webhooks: a guide", "webhooks-a-guide", []],
      ["Verifying the signature", "verifying-the-signature", ["Webhooks: a guide"]],
      ["verifyWebhook", "verifywebhook", ["Webhooks: a guide", "Verifying the signature"]],
      ["Verifying the signature", "verifying-the-signature-1", ["Webhooks: a guide"]],
    ]);
    expect(sections[1]?.body).toContain("# 1. not a heading");
  });

  it("makes GitHub's anchors of punctuated headings", () => {
    const [s] = markdownSections("# 0007 — API keys: expiry, rotation (`/keys`)\ntext");
    expect(s?.anchor).toBe("0007--api-keys-expiry-rotation-keys");
  });
});

describe("passages", () => {
  it("cuts paragraphs, list items and table rows apart, and drops a table's header", () => {
    const body = [
      "A paragraph that wraps",
      "over two lines.",
      "",
      "- **First.** rule one",
      "  continued",
      "- **Second.** rule two",
      "",
      "| Variable | Default |",
      "|---|---|",
      "| `PORT` | `8080` |",
      "| `HOST` | `127.0.0.1` |",
    ].join("\n");
    expect(passagesOf(body)).toEqual([
      "A paragraph that wraps\nover two lines.",
      "- **First.** rule one\n  continued",
      "- **Second.** rule two",
      "| `PORT` | `8080` |",
      "| `HOST` | `127.0.0.1` |",
    ]);
  });

  it("quotes a short section from its start, as plain text", () => {
    const passages = ["Do these **four** steps, see [the code](x.ts).", "1. Parse the header.", "2. Compute the HMAC."];
    expect(excerptOf(passages, ["hmac"])).toBe(
      "Do these four steps, see the code.\nParse the header.\nCompute the HMAC.",
    );
  });

  it("quotes a long section from the passage holding the question's words", () => {
    const rows = Array.from({ length: 10 }, (_, i) => `| \`SETTING_${i}\` | \`${i}\` | Something else ${i}. |`);
    rows[7] = "| `CLIPWRIGHT_SMTP_URL` | — | Mail through SMTP. |";
    expect(excerptOf(rows, questionTerms("How do I send mail through SMTP?").own).split("\n")[0]).toBe(
      "`CLIPWRIGHT_SMTP_URL` | — | Mail through SMTP.",
    );
  });
});

describe("words", () => {
  it("keeps code-like names whole beside their words", () => {
    const { own, identifiers } = questionTerms("What does the 401 reason key_revoked mean?");
    expect(own).toEqual(expect.arrayContaining(["kei", "revok"]));
    expect(identifiers).toEqual(["#key_revoked"]);
  });

  it("stems, drops filler words and adds the docs' names for the asker's words and phrases", () => {
    const { own, expanded, phrases, pairs } = questionTerms("How do I add subtitles from the command line?");
    expect(own).toEqual(["add", "subtitl", "command", "line"]);
    expect(expanded).toContain("caption");
    expect(phrases).toEqual([{ terms: ["cli"], of: ["command", "line"] }]);
    expect(pairs).toContain("command_line");
  });
});

describe("citations", () => {
  it("link docs to the configured docs URL or the repository path, operations to the API reference", () => {
    const doc = {
      id: 0,
      source: "docs" as const,
      path: "docs/webhooks.md",
      anchor: "verifying-the-signature",
      title: "Verifying the signature",
      trail: [],
      body: "",
      keywords: "",
    };
    expect(citationOf(doc, null).href).toBe("docs/webhooks.md#verifying-the-signature");
    expect(citationOf(doc, "https://example.com/clipwright/blob/main").href).toBe(
      "https://example.com/clipwright/blob/main/docs/webhooks.md#verifying-the-signature",
    );
    const [op] = operationSections({
      paths: {
        "/keys/{id}/rotate": {
          post: {
            operationId: "keys.rotate",
            summary: "Rotate an API key",
            description: "Issues a new key. Scopes: keys:manage. Rate class: write. Spends no video seconds.",
            "x-scopes": ["keys:manage"],
          },
        },
      },
    });
    expect(op).toMatchObject({
      path: "POST /keys/{id}/rotate",
      body: "Issues a new key.",
      keywords: "POST /keys/{id}/rotate keys:manage",
    });
    expect(citationOf(op as NonNullable<typeof op>, null)).toEqual({
      title: "Rotate an API key",
      source: "api",
      path: "POST /keys/{id}/rotate",
      anchor: "keys.rotate",
      href: "/api/v1/reference#tag/keys/POST/keys/{id}/rotate",
    });
  });
});

describe("questions about the asker's own account", () => {
  it.each([
    ["Why did my render fail?", { about: "failed_job", kind: "walkthrough.render", noun: "render" }],
    ["my export failed, what went wrong?", { about: "failed_job", kind: "marketing.export", noun: "export" }],
    ["How many seconds do I have left?", { about: "wallet" }],
    ["Is my webhook disabled?", { about: "webhooks" }],
    ["Which of my keys expire soon?", { about: "keys" }],
    ["Is my email verified?", { about: "email" }],
  ])("%s", (question, expected) => {
    expect(accountQuestionOf(question)).toEqual(expected);
  });

  it.each([
    "Why would a render fail?",
    "How do I verify a webhook signature?",
    "How long is an Idempotency-Key remembered?",
    "What happens when my idempotency key is reused?",
  ])("not: %s", (question) => {
    expect(accountQuestionOf(question)).toBeNull();
  });
});
