import { beforeAll, describe, expect, it } from "vitest";
import { type CorpusFigures, measureCorpus, share } from "../../src/testutil/assistant-corpus.js";

// The support assistant's answers from the documentation, measured on a corpus of real questions, each
// labelled with the sections that answer it (test/fixtures/assistant-corpus.json, decision 0039).

let figures: CorpusFigures;
beforeAll(async () => {
  figures = await measureCorpus();
  console.log(
    `assistant corpus: ${figures.answeredRight}/${figures.questions} answered from a right section (${share(figures.answeredRight, figures.questions)}), ` +
      `${figures.declined}/${figures.outOfScope} out-of-scope declined (${share(figures.declined, figures.outOfScope)}), ` +
      `${figures.notAnswered}/${figures.notInDocs} questions the docs do not answer left unanswered (${share(figures.notAnswered, figures.notInDocs)})`,
  );
  for (const m of figures.misses) console.log(`  missed: ${m.q} → ${m.got}`);
});

describe("the assistant's corpus", () => {
  it("holds at least 60 labelled questions and 10 out-of-scope ones", () => {
    expect(figures.questions).toBeGreaterThanOrEqual(60);
    expect(figures.outOfScope).toBeGreaterThanOrEqual(10);
  });

  it("answers at least 85 % from a right section", () => {
    expect(figures.answeredRight / figures.questions).toBeGreaterThanOrEqual(0.85);
  });

  it("says it does not know, rather than quoting something, for most questions the docs do not answer", () => {
    // Word search cannot tell every near miss from an answer: the share is reported (bench "assistant"),
    // and kept from collapsing as the docs grow.
    expect(figures.notAnswered / figures.notInDocs).toBeGreaterThanOrEqual(0.4);
  });

  it("declines every out-of-scope question", () => {
    expect(figures.notDeclined).toEqual([]);
    expect(figures.declined).toBe(figures.outOfScope);
  });
});
