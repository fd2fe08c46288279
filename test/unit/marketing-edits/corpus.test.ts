import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { interpretEdit } from "../../../src/domains/marketing/edits/interpret.js";
import { type CorpusCase, loadCorpus } from "./corpus.js";
import { inputFor } from "./fixtures.js";

/**
 * The quality bar of sentence edits, measured on the corpus (corpus/*.json: instructions as users type
 * them, each with the operations meant or the refusal due). Precision: of the edits understood, the share
 * that does exactly what was meant (an understood instruction that had to be refused counts against it).
 * Recall: of the reasonable instructions, the share understood exactly. Every refusal must be refused,
 * with its code.
 */

const corpus = loadCorpus();
const results = corpus.map((c) => ({ c, outcome: interpretEdit(inputFor(c.project, c.say, c.latestRevision)) }));

const show = (c: CorpusCase, got: unknown) => `${c.file}: ${JSON.stringify(c.say)} → ${JSON.stringify(got)}`;

describe("sentence-edit corpus", () => {
  const understood = results.filter((r) => r.outcome.understood);
  const wrong = understood.filter(
    (r) =>
      r.c.operations === undefined ||
      (r.outcome.understood && !isDeepStrictEqual(r.outcome.operations, r.c.operations)),
  );
  const reasonable = results.filter((r) => r.c.operations !== undefined);
  const missed = reasonable.filter((r) => !r.outcome.understood);
  const refusals = results.filter((r) => r.c.refuse !== undefined);
  const badRefusals = refusals.filter((r) => r.outcome.understood || r.outcome.refusal.code !== r.c.refuse);

  const precision = understood.length === 0 ? 0 : (understood.length - wrong.length) / understood.length;
  const recall = (reasonable.length - missed.length - wrong.filter((w) => w.c.operations).length) / reasonable.length;

  it("holds at least 250 instructions", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(250);
    console.info(
      `sentence-edit corpus: ${corpus.length} instructions (${reasonable.length} reasonable, ${refusals.length} to refuse); ` +
        `precision ${(precision * 100).toFixed(1)} %, recall ${(recall * 100).toFixed(1)} %, refusals refused ${refusals.length - badRefusals.length}/${refusals.length}`,
    );
    if (missed.length > 0) {
      console.info(
        `not understood (${missed.length}):\n${missed.map((m) => show(m.c, m.outcome.understood ? null : m.outcome.refusal)).join("\n")}`,
      );
    }
  });

  it("does exactly what was meant whenever it understands (precision 100 %)", () => {
    expect(wrong.map((w) => show(w.c, w.outcome.understood ? w.outcome.operations : null))).toEqual([]);
    expect(precision).toBe(1);
  });

  it("understands at least 95 % of the reasonable instructions", () => {
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("refuses every instruction it must refuse, with the condition's own code", () => {
    expect(
      badRefusals.map((b) => show(b.c, b.outcome.understood ? b.outcome.operations : b.outcome.refusal.code)),
    ).toEqual([]);
  });
});
