import { describe, expect, it } from "vitest";
import { splitClauses } from "../../../src/domains/marketing/edits/clauses.js";
import { interpretEdit } from "../../../src/domains/marketing/edits/interpret.js";
import { liftLiterals } from "../../../src/domains/marketing/edits/literals.js";
import { vocabularyWith } from "../../../src/domains/marketing/edits/normalise.js";
import { correctWord, editDistance } from "../../../src/domains/marketing/edits/typo.js";
import { describeOperation } from "../../../src/domains/marketing/revision/changes.js";
import { MAX_INSTRUCTION_CHARS } from "../../../src/pipelines/marketing/campaign/limits.js";
import { loadCorpus } from "./corpus.js";
import { inputFor, PROJECTS } from "./fixtures.js";

describe("quoted literals", () => {
  it("lifts each quoted span, leaving apostrophes inside words alone", () => {
    expect(liftLiterals("change the cta to 'Let's go, and then more' and the headline to “Don't wait”")).toEqual({
      text: "change the cta to §0 and the headline to §1",
      literals: ["Let's go, and then more", "Don't wait"],
    });
  });
  it("leaves an unclosed quote in the text, where it reads as words not understood", () => {
    expect(liftLiterals("change the cta to 'Start free").literals).toEqual([]);
  });
});

describe("clauses", () => {
  it("cuts at commas, semicolons, 'and', 'then', without a connective left at a piece's start", () => {
    expect(
      splitClauses("make it 15 seconds, then remove the proof; and hide the logo then faster").map((p) => p.text),
    ).toEqual(["make it 15 seconds", "remove the proof", "hide the logo", "faster"]);
  });
  it("keeps 'a minute and a half' whole", () => {
    expect(splitClauses("make it a minute and a half").map((p) => p.text)).toEqual(["make it a minute and a half"]);
  });
});

describe("typos", () => {
  const vocabulary = vocabularyWith([]);
  it("counts a swapped pair of letters as one slip", () => {
    expect(editDistance("sceen", "scene")).toBe(1);
    expect(editDistance("princing", "pricing")).toBe(1);
  });
  it("corrects towards the grammar's words, and never a known word or a short one", () => {
    expect(correctWord("shortr", vocabulary)).toBe("shorter");
    expect(correctWord("princing", vocabulary)).toBe("pricing");
    expect(correctWord("backgroud", vocabulary)).toBe("background");
    expect(correctWord("into", vocabulary)).toBe("into");
    expect(correctWord("navi", vocabulary)).toBe("navi"); // colour names are known, never a correction
    expect(correctWord("pop", vocabulary)).toBe("pop");
  });
});

describe("the issue's example", () => {
  it("makes exactly the three changes asked on a 30 s feature highlight", () => {
    const input = inputFor(
      "feature",
      "make it 15 seconds, remove the proof scene and change the call to action to 'Start free'",
    );
    expect(input.document.export.seconds).toBe(30);
    expect(interpretEdit(input)).toEqual({
      understood: true,
      operations: [
        { op: "set_length", seconds: 15 },
        { op: "hide_scene", sceneId: "sc-3" },
        { op: "set_copy", sceneId: "sc-4", field: "cta", text: "Start free" },
      ],
    });
  });

  it("undo reverts to the previous revision, and what follows edits that revision's document", () => {
    const latest = inputFor("feature", "undo", 5);
    expect(interpretEdit(latest)).toEqual({ understood: true, operations: [{ op: "revert", toRevision: 4 }] });
    // Revision 4 was 45 s long: "shorter" after the undo steps down from 45, not from the latest 30.
    const previous = structuredClone(PROJECTS.feature.document);
    previous.export.seconds = 45;
    const then = {
      ...inputFor("feature", "undo and make it shorter", 5),
      revisionDocument: (n: number) => (n === 4 ? previous : null),
    };
    expect(interpretEdit(then)).toEqual({
      understood: true,
      operations: [
        { op: "revert", toRevision: 4 },
        { op: "set_length", seconds: 30 },
      ],
    });
  });
});

describe("refusals", () => {
  it("refuses the whole edit when one clause is not understood, naming only that clause", () => {
    const outcome = interpretEdit(inputFor("feature", "make it 15 seconds and add a dancing cat"));
    expect(outcome.understood).toBe(false);
    if (outcome.understood) return;
    expect(outcome.refusal.code).toBe("edit_not_understood");
    expect(outcome.refusal.details.unparsed).toBe("add a dancing cat");
    expect(outcome.refusal.details.suggestions).toHaveLength(3);
  });

  it("suggests only instructions it understands, for every refusal of the corpus", () => {
    const refused = loadCorpus().filter((c) => c.refuse === "edit_not_understood");
    expect(refused.length).toBeGreaterThan(30);
    for (const c of refused) {
      const outcome = interpretEdit(inputFor(c.project, c.say, c.latestRevision));
      if (outcome.understood) throw new Error(`understood: ${c.say}`);
      const suggestions = outcome.refusal.details.suggestions as string[];
      expect(new Set(suggestions).size).toBe(3);
      for (const s of suggestions) {
        expect(interpretEdit(inputFor(c.project, s, c.latestRevision)).understood, `${c.say} → ${s}`).toBe(true);
      }
    }
  });

  it("names the invented claim, and lets new words state the source's own", () => {
    const invented = interpretEdit(inputFor("feature", "change the headline to 'Loved by 10,000 teams'"));
    expect(invented).toMatchObject({
      understood: false,
      refusal: { code: "campaign_unsupported_claim", details: { claim: "10,000 teams", kind: "number" } },
    });
    expect(interpretEdit(inputFor("feature", "change the headline to 'Loved by 2,400 teams'")).understood).toBe(true);
  });

  it("lists the template's durations when a length is not offered", () => {
    expect(interpretEdit(inputFor("feature", "make it 7 minutes"))).toMatchObject({
      understood: false,
      refusal: { code: "unsupported_duration", details: { seconds: 420, durations: [15, 30, 45] } },
    });
  });
});

describe("changes", () => {
  it("says each operation in one plain sentence, naming scenes as the user sees them", () => {
    const input = inputFor("launch", "make it 45 seconds, hide the pricing and the second feature, serif headings");
    const outcome = interpretEdit(input);
    if (!outcome.understood) throw new Error(JSON.stringify(outcome.refusal));
    expect(outcome.operations.map((op) => describeOperation(op, input.document, input.catalogue))).toEqual([
      "Length set to 45 s",
      "Scene 'Pricing' hidden",
      "Scene 'Feature 2' hidden",
      "Heading font set to Lora",
    ]);
  });
});

describe("bounds", () => {
  it("refuses an instruction past the length cap without reading it", () => {
    const outcome = interpretEdit(
      inputFor("feature", `make it 15 seconds ${"and faster ".repeat(MAX_INSTRUCTION_CHARS / 10)}`),
    );
    expect(outcome).toMatchObject({ understood: false, refusal: { code: "edit_not_understood" } });
  });
  it("reads a sentence at the cap built to make the rules try every split, in well under a second", () => {
    const sentence = `move ${"the hook ".repeat(53)}to the end`;
    expect(sentence.length).toBeLessThanOrEqual(MAX_INSTRUCTION_CHARS);
    const started = performance.now();
    expect(interpretEdit(inputFor("launch", sentence)).understood).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
