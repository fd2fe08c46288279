import { describe, expect, it } from "vitest";
import { unsupportedClaim } from "../../../src/pipelines/marketing/campaign/claims.js";
import type { CampaignScene } from "../../../src/pipelines/marketing/campaign/document.js";
import { MAX_SCENES, MIN_SCENE_SECONDS, TEXT_CAPS } from "../../../src/pipelines/marketing/campaign/limits.js";
import { planStory } from "../../../src/pipelines/marketing/generate/plan-story.js";
import { isPlaceholderText } from "../../../src/pipelines/marketing/scan/copy/placeholder.js";
import type { SourceManifest } from "../../../src/pipelines/marketing/source/manifest.js";
import { inputOf, isSourceText, manifestOf, SOURCES, sourceTexts, TEMPLATES } from "./sources.js";

// The story planner on every captured source (four fixture sites, four real landing templates) and every
// catalogue template: the invariants a generation promises whatever the source holds.

/** Every piece of text a document shows or says. */
function textsOf(scenes: readonly CampaignScene[], coverText: string): string[] {
  return [
    coverText,
    ...scenes.flatMap((s) => [s.headline, s.body, s.cta?.text, s.quote?.text, s.quote?.author, s.narration]),
  ].filter((t): t is string => typeof t === "string" && t !== "");
}

/** The start page's headline as the site wrote it. */
const headlineOf = (m: SourceManifest) => {
  const b = m.copy.find((c) => c.kind === "headline" && (c.page === 0 || c.page === null));
  return b && "text" in b ? b.text : null;
};

describe("planStory on every source and template", () => {
  for (const name of SOURCES) {
    for (const template of TEMPLATES) {
      it(`${name} × ${template.id}`, () => {
        const input = inputOf(name, template.id);
        const plan = planStory(input);
        const m = input.manifest;
        const scenes = plan.scenes;

        // Ids, kinds and order: the template's kinds, some dropped, none added.
        expect(scenes.map((s) => s.id)).toEqual(scenes.map((_, i) => `sc-${i + 1}`));
        expect(scenes.length).toBeLessThanOrEqual(Math.min(MAX_SCENES, template.scenes.length));
        let from = 0;
        for (const s of scenes) {
          const at = template.scenes.indexOf(s.kind, from);
          expect(at, `${s.kind} in ${template.scenes.join(",")}`).toBeGreaterThanOrEqual(0);
          from = at + 1;
        }
        expect(scenes.every((s) => s.hidden === false)).toBe(true);

        // The hook is the site's headline (shortened to the cap only if it had to be).
        const hook = scenes.find((s) => s.kind === "hook");
        const site = headlineOf(m);
        if (template.scenes.includes("hook") && site) {
          expect(hook?.headline).toBe(site.length <= TEXT_CAPS.headline ? site : expect.any(String));
          expect(site.startsWith(hook?.headline ?? "\u0000")).toBe(true);
        }

        // Never a claim the source does not state, never its filler.
        for (const text of textsOf(scenes, plan.coverText)) {
          expect(unsupportedClaim(text, m.claims), text).toBeNull();
          expect(isPlaceholderText(text), text).toBe(false);
          expect(text).not.toMatch(/lorem|ipsum|dolor sit/i);
        }

        // On-screen copy is the site's own text, within the caps, never cut mid-word or on a dangling word.
        const own = sourceTexts(m);
        for (const s of scenes) {
          for (const [field, cap] of [
            [s.headline, TEXT_CAPS.headline],
            [s.body, TEXT_CAPS.body],
            [s.cta?.text, TEXT_CAPS.ctaText],
            [s.quote?.text, TEXT_CAPS.quoteText],
            [s.quote?.author, TEXT_CAPS.quoteAuthor],
          ] as const) {
            if (!field) continue;
            expect(field.length, field).toBeLessThanOrEqual(cap);
            expect(isSourceText(field, own), `${s.id} ${field}`).toBe(true);
            expect(field, field).not.toMatch(/\s(?:and|with|or|the|a|to|of|your)$/iu);
          }
          expect(s.narration.length).toBeLessThanOrEqual(TEXT_CAPS.narration);
          expect(s.narration.trim()).not.toBe("");
        }
        expect(plan.coverText.length).toBeGreaterThan(0);
        expect(plan.coverText.length).toBeLessThanOrEqual(TEXT_CAPS.coverText);

        // No block used twice; the plan names each scene's blocks, and they exist.
        const used = plan.plan.flatMap((p) => p.copyIds);
        expect(new Set(used).size).toBe(used.length);
        for (const id of used) expect(m.copy.some((b) => b.id === id)).toBe(true);
        expect(plan.plan.map((p) => p.sceneId)).toEqual(scenes.map((s) => s.id));

        // The call to action is the site's own (its text and link), or its name and start page, with a warning.
        const cta = scenes.find((s) => s.kind === "call_to_action");
        expect(cta?.cta).toBeTruthy();
        const own_ = m.copy.filter((b) => b.kind === "call_to_action");
        const fallback = plan.warnings.some((w) => w.code === "cta_fallback");
        if (fallback) expect(cta?.cta).toEqual({ text: m.brand.name, url: m.finalUrl });
        else
          expect(
            own_.some(
              (b) =>
                b.kind === "call_to_action" &&
                b.text.startsWith(cta?.cta?.text ?? "\u0000") &&
                (b.href ?? m.finalUrl) === cta?.cta?.url,
            ),
          ).toBe(true);

        // Seconds: each scene at least the minimum, the whole exactly the length asked for.
        const tenths = scenes.reduce((sum, s) => sum + Math.round(s.seconds * 10), 0);
        expect(tenths).toBe(Math.round(input.seconds * 10));
        for (const s of scenes) expect(s.seconds).toBeGreaterThanOrEqual(MIN_SCENE_SECONDS);

        // Visuals are the source's retained assets.
        for (const s of scenes) {
          if (s.visual.type === "plate" || s.visual.type === "footage") continue;
          const id = s.visual.assetId;
          expect(m.assets.some((a) => a.id === id && a.retained)).toBe(true);
        }

        // A website scan always has a picture and a headline: only the demo template can be stopped, for footage.
        expect(plan.missing.map((x) => x.field)).toEqual(template.demoFootage === "required" ? ["demo"] : []);
      });
    }
  }
});

describe("scene choices", () => {
  it("product launch on the SaaS site: the site's headline, its question, its subhead, three features, its call to action", () => {
    const plan = planStory(inputOf("saas", "product-launch"));
    expect(plan.scenes.map((s) => s.kind)).toEqual([
      "hook",
      "problem",
      "reveal",
      "feature",
      "feature",
      "feature",
      "call_to_action",
    ]);
    expect(plan.scenes[0]?.headline).toBe("Onboard every customer in days, not weeks");
    expect(plan.scenes[1]?.headline).toBe("Ready to cut onboarding time in half?");
    expect(plan.scenes[2]).toMatchObject({ headline: "Tidewell" });
    expect(plan.scenes.slice(3, 6).map((s) => s.headline)).toEqual([
      "Shared checklists",
      "Automatic reminders",
      "Live progress dashboards",
    ]);
    expect(plan.scenes[6]?.cta).toEqual({ text: "Start your free trial", url: "https://saas.example/signup" });
    expect(plan.warnings).toEqual([]);
  });

  it("pictures: the hook shows the first screen, a feature its section's shot, a call to action the logo", () => {
    const plan = planStory(inputOf("saas", "product-launch"));
    const m = manifestOf("saas");
    const asset = (s: CampaignScene | undefined) => {
      const visual = s?.visual;
      return visual && "assetId" in visual ? m.assets.find((a) => a.id === visual.assetId) : undefined;
    };
    expect(asset(plan.scenes[0])).toMatchObject({ type: "screenshot", from: "hero", page: 0 });
    expect(asset(plan.scenes[3])).toMatchObject({ type: "screenshot", from: "section:features", page: 0 });
    expect(asset(plan.scenes[6])).toMatchObject({ type: "logo" });
    // Three features, three different pictures while the site has them.
    expect(new Set(plan.scenes.slice(3, 6).map((s) => JSON.stringify(s.visual))).size).toBe(3);
  });

  it("quotes keep the customer's words and name; proof states a figure from the claims index with its block", () => {
    const plan = planStory(inputOf("saas", "customer-quote"));
    const quotes = plan.scenes.filter((s) => s.kind === "quote");
    expect(quotes.map((q) => q.quote?.author)).toEqual([
      "Dana Reyes, VP Customer Success, Harbor Freightways",
      "Tomas Lind, Head of Onboarding, Northpeak",
    ]);
    expect(quotes[0]?.quote?.text).toBe(
      "We cut our onboarding from six weeks to under four. Our customers finally know what happens next, and so do we.",
    );
    const proof = plan.scenes.find((s) => s.kind === "proof");
    const entry = plan.plan.find((p) => p.sceneId === proof?.id);
    const m = manifestOf("saas");
    const claim = m.claims.find((c) => c.id === entry?.claimIds[0]);
    expect(claim?.kind).toMatch(/number|percentage/);
    expect(entry?.copyIds).toEqual([claim?.copyId]);
    expect(proof?.headline?.toLowerCase()).toContain(claim?.text.toLowerCase());
  });

  it("a thin site (sparse) gets a shorter plan with warnings and no filler: its heading and its name", () => {
    const plan = planStory(inputOf("sparse", "product-launch"));
    expect(plan.missing).toEqual([]);
    expect(plan.scenes.map((s) => [s.kind, s.headline, s.body])).toEqual([
      ["hook", "Coming soon", null],
      ["call_to_action", "Studio Kamen", null],
    ]);
    expect(plan.scenes[1]?.cta).toEqual({ text: "Studio Kamen", url: "https://sparse.example/" });
    const codes = plan.warnings.map((w) => w.code);
    expect(codes.filter((c) => c === "scene_dropped")).toHaveLength(5);
    expect(codes).toContain("cta_fallback");
    expect(codes).toContain("shorter_duration_suggested");
    expect(plan.warnings.find((w) => w.code === "shorter_duration_suggested")?.message).toMatch(/30 s would suit it/);
    // Said: the site's heading and name, and where to find it; nothing it does not state.
    expect(plan.scenes.map((s) => s.narration)).toEqual([
      "Coming soon. This is Studio Kamen.",
      "Find out more about Studio Kamen at sparse.example.",
    ]);
  });

  it("a source with no picture at all is missing its visuals (story)", () => {
    const m = manifestOf("sparse");
    const bare = { ...m, assets: m.assets.filter((a) => a.type === "logo") };
    const plan = planStory({ ...inputOf("sparse", "social-teaser"), manifest: bare });
    expect(plan.missing).toEqual([
      { field: "visuals", section: "story", message: expect.stringMatching(/no screenshot or image/) },
    ]);
    expect(plan.scenes.every((s) => s.visual.type === "plate")).toBe(true);
    expect(plan.warnings.filter((w) => w.code === "visual_plate").map((w) => w.sceneId)).toEqual(["sc-1", "sc-2"]);
  });

  it("a source with no copy to open with is missing its hook", () => {
    const m = manifestOf("sparse");
    const plan = planStory({ ...inputOf("sparse", "product-launch"), manifest: { ...m, copy: [] } });
    expect(plan.missing.map((x) => [x.field, x.section])).toEqual([["hook", "story"]]);
  });

  it("placeholder copy is never used, even when a version still holds it", () => {
    const m = manifestOf("saas");
    const filler = m.copy.map((b) =>
      b.id === "copy-2" && b.kind === "headline" ? { ...b, text: "Lorem ipsum dolor sit amet" } : b,
    );
    const plan = planStory({ ...inputOf("saas", "product-launch"), manifest: { ...m, copy: filler } });
    expect(plan.plan.flatMap((p) => p.copyIds)).not.toContain("copy-2");
    for (const s of plan.scenes) expect(`${s.headline} ${s.narration}`).not.toMatch(/lorem/i);
  });
});
