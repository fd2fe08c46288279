// The support assistant's answers from the documentation (decision 0039), on the labelled corpus of
// test/fixtures/assistant-corpus.json: the share of questions answered from a right section (the first
// citation), the share of out-of-scope questions declined, and, for information, the share of questions
// about Clipwright the docs do not answer that the assistant left unanswered rather than quoting
// something near. Also the time to build the index and to answer one question.
//
// Targets (issue 24): ≥ 85 % answered from a right section, 100 % of out-of-scope questions declined.
import { performance } from "node:perf_hooks";
import { measureCorpus, share } from "../../src/testutil/assistant-corpus.js";
import { load, machine, table } from "../lib/report.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const TARGET_RIGHT = 0.85;

export const assistant: Suite = {
  name: "assistant",
  title: "support assistant: answers from the docs on the question corpus",
  async run({ command }): Promise<SuiteResult> {
    const started = performance.now();
    const figures = await measureCorpus();
    const ms = performance.now() - started;
    const asked = figures.questions + figures.notInDocs + figures.outOfScope;
    const right = figures.answeredRight / figures.questions;
    const missed: string[] = [];
    if (right < TARGET_RIGHT)
      missed.push(`answered from a right section ${share(figures.answeredRight, figures.questions)} < 85 %`);
    if (figures.declined < figures.outOfScope)
      missed.push(`out-of-scope declined ${figures.declined}/${figures.outOfScope}`);
    const markdown = [
      `## assistant: ${assistant.title}`,
      "",
      `\`${command}\` — ${machine()}, load ${load()}. The corpus is test/fixtures/assistant-corpus.json; the same`,
      "figures are asserted by test/unit/assistant-corpus.test.ts.",
      "",
      table(
        ["figure", "value", "target"],
        [
          [
            "answered from a right section (first citation)",
            `${figures.answeredRight}/${figures.questions} = ${share(figures.answeredRight, figures.questions)}`,
            "≥ 85 %",
          ],
          [
            "out-of-scope questions declined",
            `${figures.declined}/${figures.outOfScope} = ${share(figures.declined, figures.outOfScope)}`,
            "100 %",
          ],
          [
            "questions the docs do not answer, left unanswered (I don't know / declined)",
            `${figures.notAnswered}/${figures.notInDocs} = ${share(figures.notAnswered, figures.notInDocs)}`,
            "for information",
          ],
          ["index built and every question answered", `${Math.round(ms)} ms for ${asked} questions`, "—"],
        ],
      ),
      "",
      "The questions it misses are printed by the run, not written here: this page is part of what the",
      "assistant answers from, and the corpus's own questions must not be in it.",
    ].join("\n");
    for (const m of figures.misses) console.log(`  not from a right section: ${m.q} → ${m.got}`);
    return { markdown, missed };
  },
};
