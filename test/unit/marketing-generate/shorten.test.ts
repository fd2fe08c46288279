import { describe, expect, it } from "vitest";
import { sentencesOf } from "../../../src/pipelines/marketing/generate/sentences.js";
import { beforeClause, shortenCopy } from "../../../src/pipelines/marketing/generate/shorten.js";

// The rules that fit site copy to a layout's caps: whole sentences first, then parentheticals and trailing
// clauses go, then a cut at a word that never leaves a word leading nowhere.

const headline = (t: string, cap = 70) => shortenCopy(t, cap, { sentences: "first", ellipsis: false });
const body = (t: string, cap = 180) => shortenCopy(t, cap, { sentences: "fit", ellipsis: true, fullStop: true });

describe("shortenCopy", () => {
  it("keeps text that fits as it is", () => {
    expect(headline("Onboard every customer in days, not weeks")).toBe("Onboard every customer in days, not weeks");
  });

  it("takes the first sentence for a headline, as many as fit for a body", () => {
    expect(headline("Go live in an afternoon. Most teams run their first onboarding the same week.")).toBe(
      "Go live in an afternoon.",
    );
    const text = "One. Two two. Three three three. Four four four four.";
    expect(body(text, 32)).toBe("One. Two two. Three three three.");
    expect(body(text, 31)).toBe("One. Two two.");
  });

  it("drops parentheticals, then trailing clauses", () => {
    expect(headline("In the EU (Frankfurt) or the US (Virginia), as you choose.")).toBe(
      "In the EU or the US, as you choose.",
    );
    expect(
      headline(
        "Tidewell nudges the right person by email or Slack when a task slips, so your managers stop chasing.",
        75,
      ),
    ).toBe("Tidewell nudges the right person by email or Slack when a task slips");
    expect(
      body("Tidewell nudges the right person by email or Slack when a task slips, so your managers stop chasing.", 75),
    ).toBe("Tidewell nudges the right person by email or Slack when a task slips.");
  });

  it("cuts at a word, never mid-word, never on a word that leads somewhere", () => {
    const cut = headline(
      "Tidewell turns your onboarding plan into a shared checklist your customers actually finish, with reminders.",
    );
    expect(cut).toBe("Tidewell turns your onboarding plan into a shared checklist");
    expect(headline("Speaker-labelled transcripts in thirty languages and more besides", 50)).toBe(
      "Speaker-labelled transcripts in thirty languages",
    );
    expect(headline("Supercalifragilisticexpialidocious", 10)).toBeNull();
  });

  it("marks a body cut inside a clause with an ellipsis, never a headline", () => {
    const long = "Reminders and hand-offs run on their own across every account you manage without anyone chasing";
    expect(body(long, 60)).toBe("Reminders and hand-offs run on their own…");
    expect(headline(long, 60)).not.toMatch(/…/);
  });
});

describe("beforeClause", () => {
  it("does not take a list's commas for clause boundaries", () => {
    expect(beforeClause("A free, responsive, one page Bootstrap theme created by Start Bootstrap.", 70)).toBeNull();
    expect(
      beforeClause(
        "Give every customer one page with their tasks, owners and due dates, and see who is blocking whom.",
        58,
      ),
    ).toBeNull();
    expect(
      beforeClause("Decisions, open questions and next steps on a single page, written in plain language.", 60),
    ).toBe("Decisions, open questions and next steps on a single page");
  });
});

describe("sentencesOf", () => {
  it("splits at sentence ends, not at abbreviations or inside a name", () => {
    expect(sentencesOf("We cut it by half, e.g. in logistics. Then Dr. Lind joined. Ready? Go!")).toEqual([
      "We cut it by half, e.g. in logistics.",
      "Then Dr. Lind joined.",
      "Ready?",
      "Go!",
    ]);
  });
});
