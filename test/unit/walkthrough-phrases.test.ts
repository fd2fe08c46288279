import { describe, expect, it } from "vitest";
import { typeStepLengths } from "../../src/pipelines/walkthrough/capture.js";
import { type NarrationLanguage, narrationLanguageOf, phrasesFor } from "../../src/pipelines/walkthrough/phrases.js";

const NARRATION_LANGUAGES: NarrationLanguage[] = ["en", "de", "fr", "es", "it", "pt", "nl"];

import { buildPlan, type PageScan } from "../../src/pipelines/walkthrough/plan.js";

const scan = (over: Partial<PageScan>): PageScan => ({
  url: "https://acme.example/",
  title: "Acme Analytics: product analytics",
  h1: "Produktanalyse für alle",
  paragraph: null,
  navLinks: [],
  cta: null,
  cardHeadings: [],
  cardActions: [],
  sectionHeadings: [],
  long: false,
  textbox: null,
  ...over,
});

const start = scan({ cardHeadings: ["Connect your app"], sectionHeadings: ["How it works"], long: true });
const features = {
  link: { name: "Fonctionnalités", href: "https://acme.example/features" },
  scan: scan({ url: "https://acme.example/features", h1: "Fonctionnalités", cardActions: [] }),
};
const pages = [features];
const cta = {
  name: "Start free trial",
  role: "link" as const,
  scan: scan({ url: "https://acme.example/signup", h1: null, textbox: { name: "Work email", type: "email" } }),
};

describe("narration language", () => {
  it("takes the primary subtag; unknown or missing languages are English", () => {
    expect(narrationLanguageOf("fr-FR")).toBe("fr");
    expect(narrationLanguageOf("pt_BR")).toBe("pt");
    expect(narrationLanguageOf("NL")).toBe("nl");
    expect(narrationLanguageOf("ja-JP")).toBe("en");
    expect(narrationLanguageOf(null)).toBe("en");
    expect(narrationLanguageOf("")).toBe("en");
    for (const lang of NARRATION_LANGUAGES) expect(narrationLanguageOf(lang)).toBe(lang);
  });

  it("every table has its own words for every template, ending like a sentence", () => {
    const english = phrasesFor("en");
    for (const lang of NARRATION_LANGUAGES) {
      const t = phrasesFor(lang);
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        const line = t[key]("«X»");
        expect(line.toUpperCase(), `${lang}.${key}`).toContain("«X»");
        if (key !== "welcomeTitle") expect(line, `${lang}.${key}`).toMatch(/[.!?]$/);
        if (lang !== "en") expect(line, `${lang}.${key}`).not.toBe(english[key]("«X»"));
      }
    }
  });

  it("a French plan uses the French templates and quotes the site as written", () => {
    const plan = buildPlan(start, pages, cta, null, "fr-FR");
    const lines = plan.map((b) => b.narration);
    expect(plan[0]?.title).toBe("Bienvenue sur Acme Analytics");
    expect(lines[0]).toBe("Bienvenue sur Acme Analytics. Produktanalyse für alle.");
    expect(lines).toContain("Chaque carte présente un aspect, à commencer par Connect your app.");
    expect(lines).toContain("Faites défiler jusqu'à How it works pour en voir plus.");
    expect(lines.some((l) => l.startsWith("Ouvrons Fonctionnalités."))).toBe(true);
    expect(lines.some((l) => l.startsWith("Quand vous êtes prêt, choisissez Start free trial."))).toBe(true);
    expect(lines).toContain("Remplissez le champ Work email pour commencer en quelques secondes.");
    for (const l of lines) expect(l).not.toMatch(/Welcome|Let's|Scroll down|choose|Fill in/);
  });

  it("English stays as it was; an unknown language falls back to it", () => {
    const en = buildPlan(start, pages, cta, null).map((b) => b.narration);
    expect(buildPlan(start, pages, cta, null, "ja").map((b) => b.narration)).toEqual(en);
    expect(en[0]).toBe("Welcome to Acme Analytics. Produktanalyse für alle.");
    expect(en).toContain("Fill in work email to get started in seconds.");
  });

  it("a navigate page (where a sign-in landed) opens directly, without a target", () => {
    const landed = [{ link: { ...features.link, navigate: true }, scan: features.scan }];
    const beat = buildPlan(start, landed, null, null, "de").find((b) => b.url === "https://acme.example/features");
    expect(beat).toMatchObject({ action: "navigate", target: null });
    expect(beat?.narration).toMatch(/^Öffnen wir Fonctionnalités\./);
  });
});

describe("typing steps", () => {
  it("3 to 6 growing prefixes, never the whole value", () => {
    expect(typeStepLengths(16)).toEqual([2, 4, 6, 9, 11, 13]);
    expect(typeStepLengths(4)).toEqual([0, 1, 2, 3]);
    expect(typeStepLengths(1)).toHaveLength(3);
    for (const n of [0, 1, 2, 5, 40]) {
      const steps = typeStepLengths(n);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect(steps.length).toBeLessThanOrEqual(6);
      for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1] as number);
      if (n > 0) expect(Math.max(...steps)).toBeLessThan(n);
    }
  });
});

describe("hint order", () => {
  const pricing = {
    link: { name: "Pricing", href: "https://acme.example/pricing" },
    scan: scan({ url: "https://acme.example/pricing", h1: "Pricing" }),
  };
  const feats = {
    link: { name: "Features", href: "https://acme.example/features" },
    scan: scan({ url: "https://acme.example/features", h1: "Features" }),
  };
  const clicks = (hint: string | null) =>
    buildPlan(start, [feats, pricing], cta, hint)
      .filter((b) => b.action === "click")
      .map((b) => b.title);

  it("shows the pages a hint names in the order it names them", () => {
    expect(clicks(null)).toEqual(["Features", "Pricing", "Start free trial"]);
    expect(clicks("Show pricing first, then features.")).toEqual(["Pricing", "Features", "Start free trial"]);
    expect(clicks("the free trial, then pricing")).toEqual(["Start free trial", "Pricing", "Features"]);
  });
});
