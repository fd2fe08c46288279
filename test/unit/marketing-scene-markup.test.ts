import { describe, expect, it } from "vitest";
import { parseFontFiles } from "../../src/media/fonts/font-files.js";
import { ctaHost } from "../../src/pipelines/marketing/campaign/cta-host.js";
import { SCENE_KINDS } from "../../src/pipelines/marketing/campaign/document.js";
import type { SceneContent } from "../../src/pipelines/marketing/scenes/content.js";
import { sceneMarkup } from "../../src/pipelines/marketing/scenes/document.js";
import { figureRuns, leadingFigure } from "../../src/pipelines/marketing/scenes/figure.js";
import { escapeHtml } from "../../src/pipelines/marketing/scenes/html.js";
import { SCENE_LAYOUTS } from "../../src/pipelines/marketing/scenes/layouts.js";
import { paletteProperties, ScenePaletteError } from "../../src/pipelines/marketing/scenes/palette.js";
import { DARK_PALETTE, LIGHT_PALETTE, sceneOf } from "../support/scene-specs.js";

// The scene templates' pure parts: figures found in copy, the palette's derived inks, the font files
// fontconfig lists, and the markup each kind writes (only the fields it draws, escaped, every text
// carrying its fit).

describe("figures in copy", () => {
  it("finds a headline's leading figure and leaves the words after it", () => {
    expect(leadingFigure("10,000+ teams ship faster")).toEqual({ figure: "10,000+", rest: "teams ship faster" });
    expect(leadingFigure("99.9% uptime")).toEqual({ figure: "99.9%", rest: "uptime" });
    expect(leadingFigure("$29/month for teams")).toEqual({ figure: "$29/month", rest: "for teams" });
    expect(leadingFigure("4.8/5 from reviewers")).toEqual({ figure: "4.8/5", rest: "from reviewers" });
    expect(leadingFigure("3x")).toEqual({ figure: "3x", rest: "" });
    expect(leadingFigure("Trusted by 2,000 companies")).toBeNull();
    expect(leadingFigure("2024edition")).toBeNull();
  });

  it("cuts text into plain runs and figures, losing no character", () => {
    const text = "Trusted by 2,000 companies in 40 countries";
    const runs = figureRuns(text);
    expect(runs.filter((r) => r.figure).map((r) => r.text)).toEqual(["2,000", "40"]);
    expect(runs.map((r) => r.text).join("")).toBe(text);
  });
});

describe("the palette's inks", () => {
  it("uses the accent for words only where it reads on the background, else the primary, else the text", () => {
    const props = (p: typeof LIGHT_PALETTE) =>
      Object.fromEntries(
        paletteProperties(p)
          .split(";")
          .map((d) => d.split(":")),
      );
    // Amber on white reads at under 3:1: figures take the indigo primary, words on an amber fill the dark text.
    expect(props(LIGHT_PALETTE)).toMatchObject({ "--accent-ink": "#4f46e5", "--on-accent": "#0f172a" });
    expect(props(DARK_PALETTE)).toMatchObject({ "--accent-ink": "#64a19d", "--on-accent": "#101214" });
    expect(props({ ...LIGHT_PALETTE, accent: "#fde047", primary: "#fef08a" })).toMatchObject({
      "--accent-ink": "#0f172a",
    });
  });

  it("refuses a value that is not a colour instead of writing it into the style", () => {
    expect(() => paletteProperties({ ...LIGHT_PALETTE, text: "red;background:url(x)" })).toThrow(ScenePaletteError);
  });
});

describe("font files from fontconfig", () => {
  it("keeps the upright TrueType faces of normal width, one per weight", () => {
    const listed = [
      "/f/Sans-Bold.ttf\t200\t0\t100\tTrueType",
      "/f/Sans.ttf\t80\t0\t100\tTrueType",
      "/f/Sans-Oblique.ttf\t80\t110\t100\tTrueType",
      "/f/SansCondensed.ttf\t80\t0\t87\tTrueType",
      "/f/Sans.pfb\t80\t0\t100\tType 1",
      "/f/Sans-Copy.otf\t80\t0\t100\tCFF",
      "/f/Var.ttf\t[0 210]\t0\t100\tTrueType",
    ].join("\n");
    expect(parseFontFiles(listed)).toEqual([
      { path: "/f/Var.ttf", weight: 100, maxWeight: 900 },
      { path: "/f/Sans.ttf", weight: 400, maxWeight: 400 },
      { path: "/f/Sans-Bold.ttf", weight: 700, maxWeight: 700 },
    ]);
  });

  it("keeps a narrow-only family's faces (the catalogue offers it)", () => {
    const listed = "/f/Narrow.ttf\t80\t0\t75\tTrueType\n/f/Narrow-Bold.ttf\t200\t0\t75\tTrueType\n";
    expect(parseFontFiles(listed).map((f) => f.path)).toEqual(["/f/Narrow.ttf", "/f/Narrow-Bold.ttf"]);
  });
});

describe("scene markup", () => {
  const content = (kind: (typeof SCENE_KINDS)[number], copy: Partial<Parameters<typeof sceneOf>[1]> = {}) =>
    ({
      scene: sceneOf(kind, {
        headline: "Plan <every> release",
        body: "Body & more",
        cta: { text: "Start free", url: "https://www.example.com/signup" },
        quote: { text: "It just works", author: "Ada" },
        visual: { type: "plate" },
        ...copy,
      }),
      orientation: "portrait",
      coverText: null,
      visual: null,
      logo: null,
      position: null,
      host: "example.com",
    }) satisfies SceneContent;

  it("draws only the fields its layout lists, each escaped and carrying its fit", () => {
    for (const kind of SCENE_KINDS) {
      const { html } = sceneMarkup(content(kind), LIGHT_PALETTE, "all");
      const drawn = [...html.matchAll(/data-field="([a-zA-Z]+)"/g)].map((m) => m[1]);
      const listed = SCENE_LAYOUTS[kind].fields;
      expect({ kind, unlisted: drawn.filter((f) => !listed.includes(f as never)) }).toEqual({ kind, unlisted: [] });
      expect(html).not.toContain("<every>");
      for (const m of html.matchAll(/<[^>]*data-fit[^>]*>/g)) {
        expect(m[0]).toMatch(/data-max="\d+" data-min="\d+" data-lines="\d+"/);
      }
    }
    const quote = sceneMarkup(content("quote"), LIGHT_PALETTE, "all").html;
    expect(quote).toContain("It just works");
    expect(quote).not.toContain("Body &amp; more");
    const cta = sceneMarkup(content("call_to_action"), LIGHT_PALETTE, "all").html;
    expect(cta).toContain("Plan &lt;every&gt; release");
    expect(cta).toContain("Start free");
    expect(cta).toContain(">example.com<");
  });

  it("draws the cover label unless it repeats the headline under it", () => {
    const hook = (coverText: string) => sceneMarkup({ ...content("hook"), coverText }, LIGHT_PALETTE, "all").html;
    expect(hook("New themes weekly")).toContain('data-field="coverText"');
    expect(hook("plan <every>  release!")).not.toContain('data-field="coverText"');
    expect(hook("Plan <every> release")).toContain("Plan &lt;every&gt; release");
  });

  it("shows a screenshot wider than its slot whole, and crops a wide photograph", () => {
    const framed = (type: "screenshot" | "image", ratio: number) =>
      sceneMarkup({ ...content("feature"), visual: { type, src: null, ratio } }, LIGHT_PALETTE, "all").html;
    expect(framed("screenshot", 2160 / 725)).toContain('class="visual v-screenshot whole"');
    expect(framed("screenshot", 16 / 10)).toContain('class="visual v-screenshot"');
    expect(framed("image", 1650 / 466)).toContain('class="visual v-image"');
  });

  it("shows a call to action's address as people type it, never an IP address", () => {
    expect(ctaHost("https://www.example.com/signup")).toBe("example.com");
    expect(ctaHost("http://127.0.0.1:44477/index.html#signup")).toBeNull();
    expect(ctaHost("http://[::1]:8080/")).toBeNull();
    expect(ctaHost("http://localhost:3000/")).toBeNull();
    expect(ctaHost("mailto:hello@example.com")).toBeNull();
  });

  it("marks the layers drawn on the frame", () => {
    expect(sceneMarkup(content("hook"), DARK_PALETTE, "sprites").html).toContain("layers-sprites");
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });
});
