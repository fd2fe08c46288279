import { describe, expect, it } from "vitest";
import type { BrandKit } from "../../../src/domains/marketing/brand-kit/schemas.js";
import { pinnedSource } from "../../../src/domains/marketing/revision/context.js";
import { kitLook } from "../../../src/domains/marketing/revision/kit-look.js";
import { revisionOrigin } from "../../../src/domains/marketing/revision/origin.js";
import { sourceLook } from "../../../src/pipelines/marketing/campaign/brand-look.js";
import type { SourceManifest } from "../../../src/pipelines/marketing/source/manifest.js";

describe("a revision's origin", () => {
  it("says how it was made; going back alone is a revert, going back and on keeps its kind", () => {
    expect(revisionOrigin({ kind: "generation" })).toEqual({ kind: "generation" });
    expect(revisionOrigin({ kind: "document" })).toEqual({ kind: "document" });
    expect(revisionOrigin({ kind: "operations", operations: [{ op: "set_speed", speed: 1.1 }] })).toEqual({
      kind: "operations",
    });
    expect(revisionOrigin({ kind: "operations", operations: [{ op: "revert", toRevision: 2 }] })).toEqual({
      kind: "revert",
      revertedTo: 2,
    });
    expect(
      revisionOrigin({ kind: "edit", instruction: "undo", operations: [{ op: "revert", toRevision: 3 }] }),
    ).toEqual({ kind: "revert", instruction: "undo", revertedTo: 3 });
    expect(
      revisionOrigin({
        kind: "edit",
        instruction: "undo and make it vertical",
        operations: [
          { op: "revert", toRevision: 3 },
          { op: "set_orientation", orientation: "portrait" },
        ],
      }),
    ).toEqual({ kind: "edit", instruction: "undo and make it vertical", revertedTo: 3 });
    expect(
      revisionOrigin({ kind: "edit", instruction: "faster", operations: [{ op: "set_speed", speed: 1.1 }] }),
    ).toEqual({ kind: "edit", instruction: "faster" });
  });
});

describe("the brands use_brand takes", () => {
  const kit: BrandKit = {
    colors: { background: "#ffffff", text: "#0f172a", primary: "#fde047", primaryText: null, accent: null },
    fonts: { heading: "lora", body: "inter" },
    logo: {
      sourceId: "src-1",
      version: 2,
      assetId: "logo-1",
      file: {
        url: "https://files.example/k",
        expiresAt: "2026-11-30T00:00:00Z",
        bytes: 100,
        sha256: "0".repeat(64),
        contentType: "image/png",
        width: 400,
        height: 100,
        aspectRatio: 4,
      },
    },
    voiceId: null,
    musicMood: null,
    captionStyle: null,
    callToAction: null,
    createdAt: "2026-11-20T00:00:00Z",
    updatedAt: "2026-11-20T00:00:00Z",
  };

  it("the kit: upper-case colours, a readable text colour on a primary it names none for, its logo from the pinned version only", () => {
    expect(kitLook(kit, { id: "src-1", version: 2 })).toEqual({
      palette: {
        background: "#FFFFFF",
        text: "#0F172A",
        primary: "#FDE047",
        primaryText: "#111827",
        accent: "#FDE047",
      },
      fonts: { heading: "lora", body: "inter" },
      logo: { sourceId: "src-1", assetId: "logo-1" },
    });
    expect(kitLook(kit, { id: "src-1", version: 3 })?.logo).toBeNull();
    expect(
      kitLook({ ...kit, colors: { ...kit.colors, primary: "#1e3a8a" } as BrandKit["colors"] }, { id: "x", version: 1 })
        ?.palette?.primaryText,
    ).toBe("#FFFFFF");
    expect(kitLook({ ...kit, updatedAt: null }, { id: "src-1", version: 2 })).toBeNull();
  });

  it("the website: its suggested colours, accent, stand-in fonts and logo", () => {
    const manifest = {
      sourceId: "src-1",
      brand: {
        name: "Acme",
        tagline: null,
        description: null,
        language: "en",
        themeColor: null,
        logo: "logo-1",
        suggestedColors: {
          background: "#ffffff",
          text: "#0f172a",
          primary: "#4f46e5",
          primaryText: "#ffffff",
          adjusted: [],
        },
      },
      palette: [
        {
          hex: "#f59e0b",
          oklch: { l: 0.77, c: 0.16, h: 70 },
          role: "accent",
          weight: 0.05,
          from: ["css"],
          contrastWithBackground: 2.1,
        },
      ],
      fonts: [
        {
          family: "Inter",
          role: "body",
          weights: [400],
          category: "sans-serif",
          catalogFontId: "inter",
          fallbackFontId: null,
        },
      ],
    } satisfies Pick<SourceManifest, "sourceId" | "brand" | "palette" | "fonts">;
    expect(sourceLook(manifest)).toEqual({
      palette: {
        background: "#FFFFFF",
        text: "#0F172A",
        primary: "#4F46E5",
        primaryText: "#FFFFFF",
        accent: "#F59E0B",
      },
      fonts: { heading: "inter", body: "inter" },
      logo: { sourceId: "src-1", assetId: "logo-1" },
    });
    const full: SourceManifest = {
      ...manifest,
      schema: "clipwright.source.v1",
      scanner: "1.0.0",
      version: 3,
      previousVersion: 2,
      kind: "url",
      url: "https://acme.example/",
      finalUrl: "https://acme.example/",
      origin: "https://acme.example",
      renderId: null,
      createdAt: "2026-11-24T10:00:12Z",
      degraded: false,
      pages: [],
      copy: [],
      claims: [{ id: "claim-1", text: "40% faster", kind: "percentage", copyId: "copy-2" }],
      assets: [
        {
          id: "logo-1",
          type: "logo",
          contentType: "image/png",
          bytes: 8123,
          sha256: "0".repeat(64),
          width: 480,
          height: 120,
          aspectRatio: 4,
          page: 0,
          retained: true,
          reason: null,
          from: "header-svg",
        },
      ],
      warnings: [],
    };
    // What the revision checks read of the pinned version.
    expect(pinnedSource(full)).toEqual({
      id: "src-1",
      version: 3,
      language: "en",
      claims: full.claims,
      assets: full.assets,
    });
    expect(
      sourceLook({ ...manifest, brand: { ...manifest.brand, suggestedColors: null, logo: null }, fonts: [] }),
    ).toEqual({
      palette: null,
      fonts: null,
      logo: null,
    });
  });
});
