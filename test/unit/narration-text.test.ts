import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numberWords, spokenForm } from "../../src/media/tts/spoken-form.js";
import { cleanNarration, narrationLine } from "../../src/pipelines/walkthrough/narration-text.js";
import { phrasesFor } from "../../src/pipelines/walkthrough/phrases.js";
import { quoteSiteText } from "../../src/pipelines/walkthrough/site-text.js";

describe("written narration: punctuation cleaned", () => {
  it.each([
    ["Scroll down to We've got what you need!.", "Scroll down to We've got what you need!"],
    ["Scroll down to “We've got what you need!”.", "Scroll down to “We've got what you need!”"],
    ["Let's open Features:.", "Let's open Features."],
    ["Our plans:", "Our plans."],
    ["Welcome to  Acme .  Dashboard", "Welcome to Acme. Dashboard."],
    ["Let's open Features :.", "Let's open Features."],
    ["Home » Pricing » Teams", "Home, Pricing, Teams."],
    ["Let's open Pricing | Acme.", "Let's open Pricing, Acme."],
    ["| Dashboard •", "Dashboard."],
    ["Launch faster 🚀🚀 with Acme ✨.", "Launch faster with Acme."],
    ["Wow!!! Really??", "Wow! Really?"],
    ["Wait... there is more,.", "Wait… there is more."],
    ["Acme™ keeps © and ® in names.", "Acme™ keeps © and ® in names."],
    ["🎉", ""],
    ["  ", ""],
  ])("%j → %j", (raw, clean) => {
    expect(cleanNarration(raw)).toBe(clean);
  });

  it("keeps French quotation marks and French spacing before : ; ! ?", () => {
    expect(cleanNarration("Tapez « Londres » dans le champ : la liste se réduit !")).toBe(
      "Tapez « Londres » dans le champ : la liste se réduit !",
    );
  });

  it("is idempotent, and leaves no doubled space, emoji or stray separator", () => {
    const junk = fc.constantFrom(" ", "  ", "|", "•", "»", "🚀", "!", ".", ",", ":", "?", "…");
    const piece = fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), junk);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const once = cleanNarration(parts.join(""));
        expect(cleanNarration(once)).toBe(once);
        expect(once).not.toMatch(/ {2}|[|•»🚀]|[!?][.,:]|[,:]\.|^[ ,.:]/u);
      }),
      { numRuns: 300 },
    );
  });
});

describe("spoken narration: numbers and names read properly", () => {
  it.each([
    ["Earnings reached $40,000 this month.", "Earnings reached forty thousand dollars this month."],
    ["Raised $1.5M in 2026.", "Raised one point five million dollars in twenty twenty-six."],
    [
      "Pro costs $29/mo, or €9.99 a seat.",
      "Pro costs twenty-nine dollars per month, or nine euros ninety-nine cents a seat.",
    ],
    ["Tasks are 50% done.", "Tasks are fifty percent done."],
    ["Over 10k teams and 2.5M users.", "Over ten thousand teams and two point five million users."],
    ["Read the FAQ and the API docs.", "Read the F A Q and the A P I docs."],
    ["Welcome to SB Admin 2.", "Welcome to S B Admin two."],
    ["Our CRM & KPIs, e.g. churn.", "Our C R M and K P I's, for example churn."],
    ["It is the 3rd plan, 21st on the list.", "It is the third plan, twenty-first on the list."],
    ["Founded in 2005, rebuilt in 1999.", "Founded in two thousand five, rebuilt in nineteen ninety-nine."],
    ["NASA uses JSON.", "NASA uses JSON."],
    ["Scroll down to “We've got what you need!” to see more.", "Scroll down to We've got what you need, to see more."],
    ["Acme™ is 10x faster.", "Acme is ten times faster."],
  ])("%j → %j", (written, spoken) => {
    expect(spokenForm(written, "en")).toBe(spoken);
  });

  it("writes whole numbers out", () => {
    expect(numberWords(0)).toBe("zero");
    expect(numberWords(15)).toBe("fifteen");
    expect(numberWords(342)).toBe("three hundred forty-two");
    expect(numberWords(1_000_001)).toBe("one million one");
    expect(numberWords(2_500_000_000)).toBe("two billion five hundred million");
  });

  it("other languages keep digits but get their own currency and percent words", () => {
    expect(spokenForm("Der Umsatz stieg um 50% auf 40k €.", "de")).toBe(
      "Der Umsatz stieg um 50 Prozent auf 40000 Euro.",
    );
    expect(spokenForm("Le plan coûte 29 €, soit 10% de moins.", "fr")).toBe(
      "Le plan coûte 29 euros, soit 10 pour cent de moins.",
    );
    expect(spokenForm("Lee las FAQ.", "es")).toBe("Lee las F A Q.");
  });
});

describe("narration line: written for captions, spoken for the engine", () => {
  it("keeps both forms from one source line", () => {
    expect(narrationLine("Earnings: $40,000 🎉 | up 12%!.", "en-US")).toEqual({
      written: "Earnings: $40,000, up 12%!",
      spoken: "Earnings: forty thousand dollars, up twelve percent!",
    });
    expect(narrationLine("🎉", "en")).toEqual({ written: "", spoken: "" });
  });

  it("quotes a heading that is a sentence of its own, and leaves short names as written", () => {
    expect(quoteSiteText("We've got what you need!", "en")).toBe("“We've got what you need!”");
    expect(quoteSiteText("Pricing", "en")).toBe("Pricing");
    expect(quoteSiteText("Bereit zum Start?", "de")).toBe("„Bereit zum Start?“");
    expect(phrasesFor("en").scrollMore("We've got what you need!")).toBe(
      "Scroll down to “We've got what you need!” to see more.",
    );
    expect(cleanNarration(phrasesFor("en").scrollTo("We've got what you need!"))).toBe(
      "Scroll down to “We've got what you need!”",
    );
  });
});
