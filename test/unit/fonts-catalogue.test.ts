import { describe, expect, it } from "vitest";
import { buildFontCatalogue, FontCatalogueError, fontId, loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import { fontCategory } from "../../src/media/fonts/category.js";
import { cssWeight, parseFcList } from "../../src/media/fonts/fc-list.js";

// The machine's real fonts: scripts/setup.mjs installs fonts-liberation and fonts-dejavu-core.
describe("the font catalogue read from fontconfig", () => {
  it("lists the installed text families with ids, categories and weights, one default sans", async () => {
    const catalogue = await loadFontCatalogue();
    const ids = catalogue.fonts.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(["liberation-sans", "liberation-serif", "liberation-mono"]));
    expect(ids).toEqual(expect.arrayContaining(["dejavu-sans", "dejavu-serif", "dejavu-sans-mono"]));
    expect(ids).toEqual([...ids].sort());
    expect(ids.some((id) => id.includes("math"))).toBe(false); // symbol/maths faces are not text fonts

    expect(catalogue.byId("liberation-sans")).toEqual({
      id: "liberation-sans",
      family: "Liberation Sans",
      category: "sans-serif",
      weights: [400, 700],
      isDefault: true,
    });
    expect(catalogue.byId("liberation-serif")?.category).toBe("serif");
    expect(catalogue.byId("dejavu-sans-mono")?.category).toBe("monospace");
    expect(catalogue.byId("liberation-mono")?.category).toBe("monospace");
    // DejaVu Sans: ExtraLight, Book and Bold upright at normal width (its condensed faces do not count).
    expect(catalogue.byId("dejavu-sans")?.weights).toEqual([200, 400, 700]);
    expect(catalogue.fonts.filter((f) => f.isDefault)).toHaveLength(1);
    for (const f of catalogue.fonts) {
      expect(f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.weights).toContain(400);
    }
    expect(catalogue.byId("no-such-font")).toBeUndefined();
  });

  it("maps a page's families onto installed ones: exact, look-alike, same category, else the default sans", async () => {
    const catalogue = await loadFontCatalogue();
    expect(catalogue.nearest("Liberation Serif", "serif").id).toBe("liberation-serif");
    expect(catalogue.nearest("DejaVu Sans Mono", "monospace").id).toBe("dejavu-sans-mono");
    expect(catalogue.nearest("Helvetica Neue", "sans-serif").id).toBe("liberation-sans");
    expect(catalogue.nearest("Times New Roman", "serif").id).toBe("liberation-serif");
    expect(catalogue.nearest("Verdana", "sans-serif").id).toBe("dejavu-sans");
    expect(catalogue.nearest("Inter", "sans-serif").id).toBe("liberation-sans");
    expect(catalogue.nearest("Playfair Display", "serif").id).toBe("liberation-serif");
    expect(catalogue.nearest("Fira Code", "monospace").id).toBe("liberation-mono");
    expect(catalogue.nearest("monospace", "sans-serif").id).toBe("liberation-mono");
    expect(catalogue.nearest("Pacifico", "handwriting").isDefault).toBe(true);
    expect(catalogue.nearest("", "display").isDefault).toBe(true);
  });

  it("refuses clearly, without crashing, when no family qualifies or fontconfig cannot run", async () => {
    expect(() => buildFontCatalogue([])).toThrow(FontCatalogueError);
    expect(() => buildFontCatalogue(parseFcList("Foo Sans\tItalic\t80\t100\t100\t\n"))).toThrow(/regular upright/);
    await expect(loadFontCatalogue({ fcList: "/nonexistent/fc-list" })).rejects.toBeInstanceOf(FontCatalogueError);
  });
});

describe("fontconfig output and names", () => {
  it("parses faces, variable weight ranges and spacing", () => {
    const faces = parseFcList(
      "Inter\tRegular\t[0 210]\t0\t100\t\nCode Face\tRegular\t80\t0\t100\t100\nbroken line\n\n",
    );
    expect(faces[0]).toMatchObject({ family: "Inter", weight: { min: 100, max: 900 }, upright: true, spacing: null });
    expect(faces[1]).toMatchObject({ family: "Code Face", spacing: 100 });
    expect(faces[2]).toMatchObject({ family: "broken line", weight: { min: 400, max: 400 } });
    const catalogue = buildFontCatalogue(faces);
    expect(catalogue.byId("inter")?.weights).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(catalogue.byId("code-face")?.category).toBe("monospace");
    expect(catalogue.fonts.filter((f) => f.isDefault).map((f) => f.id)).toEqual(["broken-line"]);
  });

  it("converts weights and names", () => {
    expect([0, 40, 50, 80, 100, 180, 200, 205, 210, 215].map(cssWeight)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 800, 900, 900,
    ]);
    expect(fontId("DejaVu Sans Mono")).toBe("dejavu-sans-mono");
    expect(fontId("  Font Awesome 6 Free ")).toBe("font-awesome-6-free");
    expect(fontId("Société Grotesk")).toBe("societe-grotesk");
    expect(fontCategory("Noto Sans Display")).toBe("sans-serif");
    expect(fontCategory("PT Serif")).toBe("serif");
    expect(fontCategory("Bebas Neue")).toBe("display");
    expect(fontCategory("Dancing Script")).toBe("handwriting");
    expect(fontCategory("JetBrains Mono")).toBe("monospace");
    expect(fontCategory("Whatever", 100)).toBe("monospace");
  });
});
