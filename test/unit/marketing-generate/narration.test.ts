import { describe, expect, it } from "vitest";
import { unsupportedClaim } from "../../../src/pipelines/marketing/campaign/claims.js";
import { planStory } from "../../../src/pipelines/marketing/generate/plan-story.js";
import { sentencesOf } from "../../../src/pipelines/marketing/generate/sentences.js";
import { lintNarration } from "../../../src/pipelines/walkthrough/narration-lint.js";
import { inputOf, isSourceText, manifestOf, SOURCES, sourceTexts, TEMPLATES } from "./sources.js";

// The presenter's narration on every source and template: full sentences, scene after scene, opening
// differently, free of the faults the walkthrough narration lint finds, and stating only the site's claims.

const firstWord = (line: string) => (/^[“"]?([\p{L}\p{N}'’]+)/u.exec(line)?.[1] ?? "").toLowerCase();

describe("narration on every source and template", () => {
  for (const name of SOURCES) {
    for (const template of TEMPLATES) {
      it(`${name} × ${template.id}`, () => {
        const input = inputOf(name, template.id);
        const plan = planStory(input);
        const lines = plan.scenes.map((s) => s.narration);
        for (const line of lines) {
          // Sentences: a capital (or a figure, or a quote) first, a full stop, question or exclamation last.
          for (const sentence of sentencesOf(line)) {
            expect(sentence, line).toMatch(/^[“"]?[\p{Lu}\p{N}]/u);
            expect(sentence, line).toMatch(/[.!?…]["”]?$/u);
          }
          expect(unsupportedClaim(line, input.manifest.claims), line).toBeNull();
        }
        // No two scenes open alike.
        const openings = lines.map(firstWord);
        expect(new Set(openings).size, openings.join(" | ")).toBe(openings.length);
        // What a viewer would call a fault: a line said twice, a sentence shape worn out, page furniture.
        const findings = lintNarration({ lines, bodyText: [] }).filter((f) => f.rule !== "repeated-phrase");
        expect(findings).toEqual([]);
      });
    }
  }
});

describe("a presenter's narration", () => {
  it("product launch, SaaS fixture and the agency template: read aloud", () => {
    for (const [name, id] of [
      ["saas", "product-launch"],
      ["agency", "product-launch"],
    ] as const) {
      const plan = planStory(inputOf(name, id));
      const script = plan.scenes.map((s) => `  ${s.id} ${s.kind} (${s.seconds} s): ${s.narration}`).join("\n");
      console.log(`${name} × ${id}:\n${script}`);
      expect(plan.scenes.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("links scene to scene: the reveal after the problem, the features counted off, the call to action last", () => {
    const lines = planStory(inputOf("saas", "product-launch")).scenes.map((s) => s.narration);
    expect(lines).toEqual([
      "Onboard every customer in days, not weeks.",
      "Ready to cut onboarding time in half? Join 2,400 teams that get customers to value faster.",
      expect.stringMatching(/^That's where Tidewell comes in\. It turns your onboarding plan into a shared checklist/),
      expect.stringMatching(/^It starts with shared checklists\. Give every customer one page/),
      expect.stringMatching(/^Then there's automatic reminders\. Tidewell nudges the right person/),
      expect.stringMatching(/^And finally, there's live progress dashboards\. See every account's time to value/),
      expect.stringMatching(/start your free trial at saas\.example\.$/i),
    ]);
  });

  it("a reveal after a hook that only named the brand says what it is, not how it helps", () => {
    const reveal = planStory(inputOf("grayscale", "product-launch")).scenes.find((s) => s.kind === "reveal");
    expect(reveal?.narration).toMatch(
      /^Here's the idea\. Grayscale is a free Bootstrap theme created by Start Bootstrap\./,
    );
    const after = planStory(inputOf("saas", "product-launch")).scenes.find((s) => s.kind === "reveal");
    expect(after?.narration).toMatch(/^That's where Tidewell comes in\. It turns your onboarding plan/);
  });

  it("steps are introduced and counted off", () => {
    const plan = planStory(inputOf("saas", "explainer"));
    const steps = plan.scenes.filter((s) => s.kind === "step").map((s) => s.narration);
    expect(steps).toEqual([
      expect.stringMatching(/^Here's how it works\. First, import your plan\./),
      expect.stringMatching(/^Then, invite your customer\./),
      expect.stringMatching(/^Finally, automate the follow-up\./),
    ]);
  });

  it("quotes say who said them, in their own words", () => {
    const plan = planStory(inputOf("landing-page", "customer-quote"));
    const quotes = plan.scenes.filter((s) => s.kind === "quote").map((s) => s.narration);
    expect(quotes[0]).toMatch(/Margaret E\. says: “This is fantastic! Thanks so much guys!”$/);
    expect(quotes[1]).toMatch(/Fred S\.: “Bootstrap is amazing\./);
  });

  it("Title Case headings are said in sentence case, names keep their capitals", () => {
    const lines = planStory(inputOf("landing-page", "product-launch")).scenes.map((s) => s.narration);
    expect(lines).toContain("It's fully responsive. This theme will look great on any device, no matter the size!");
    expect(lines.join(" ")).toContain("it's Bootstrap 5 ready.");
    expect(lines.at(-1)).toBe("So go ahead and sign up at landing-page.example.");
  });

  it("a site on an IP address: the call to action asks without an address no one would say", () => {
    // As scanned on a private network (CLIPWRIGHT_ALLOW_PRIVATE_HOSTS): every URL is http://127.0.0.1:<port>.
    const served = JSON.parse(
      JSON.stringify(manifestOf("landing-page")).replaceAll("https://landing-page.example", "http://127.0.0.1:44477"),
    );
    const plan = planStory({ ...inputOf("landing-page", "product-launch"), manifest: served });
    const lines = plan.scenes.map((s) => s.narration);
    expect(lines.at(-1)).toBe("So go ahead and sign up.");
    expect(plan.scenes.at(-1)?.cta?.url).toBe("http://127.0.0.1:44477/index.html#signup");
    for (const line of lines) expect(line).not.toMatch(/127\.0\.0\.1|localhost/);
    const agency = manifestOf("agency");
    const local = {
      ...agency,
      finalUrl: "http://localhost:8080/",
      copy: agency.copy.filter((b) => b.kind !== "call_to_action"),
    };
    expect(planStory({ ...inputOf("agency", "social-teaser"), manifest: local }).scenes.at(-1)?.narration).toMatch(
      /^(?:Find out more about Agency|See what Agency can do for you)\.$/,
    );
  });

  it("a voice in another language gets the site's own sentences, and a warning says so", () => {
    const input = inputOf("spa", "product-launch", { language: "de-DE" });
    const plan = planStory(input);
    expect(plan.warnings.map((w) => w.code)).toContain("narration_simple");
    const own = sourceTexts(manifestOf("spa"));
    for (const s of plan.scenes) {
      for (const sentence of s.narration.split(/(?<=[.!?])\s+/u)) {
        const host = /^[\w.-]+\.example\.$/u.test(sentence);
        expect(host || isSourceText(sentence, own), sentence).toBe(true);
      }
    }
  });

  it("a site in another language gets its own sentences too, whatever the voice", () => {
    const m = manifestOf("spa");
    const plan = planStory({
      ...inputOf("spa", "social-teaser"),
      manifest: { ...m, brand: { ...m.brand, language: "pt-BR" } },
    });
    expect(plan.warnings.find((w) => w.code === "narration_simple")?.message).toMatch(/^The site is in pt-BR/);
    expect(plan.scenes[1]?.narration).not.toMatch(/^Meet /);
  });

  it("a shorter length says less: lines step down to fit, the call to action kept", () => {
    const long = planStory(inputOf("saas", "product-launch", { seconds: 90 }));
    const short = planStory(inputOf("saas", "product-launch", { seconds: 30 }));
    const words = (p: typeof long) => p.scenes.reduce((n, s) => n + s.narration.split(/\s+/).length, 0);
    expect(words(short)).toBeLessThan(words(long));
    expect(short.scenes.at(-1)?.narration).toMatch(/start your free trial at saas\.example\.$/i);
    expect(short.warnings.map((w) => w.code)).not.toContain("narration_too_long");
  });
});
