import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { readDocument, readOperations } from "../../../src/domains/marketing/revision/read-document.js";
import {
  CampaignDocumentSchema,
  RevisionOperationSchema,
  RevisionOriginSchema,
  RevisionSchema,
} from "../../../src/pipelines/marketing/campaign/schema.js";
import { checkDocument } from "../../support/check-document.js";
import { project, refusalOf } from "./project.js";

const { document } = project("launch");
/** The document as a client would send it back: plain JSON, edited at one place. */
const sent = (edit: (doc: Record<string, any>) => void): unknown => {
  const doc = JSON.parse(JSON.stringify(document));
  edit(doc);
  return doc;
};

describe("a whole document", () => {
  it("round-trips: the stored document, sent back as JSON, reads and checks as it was", () => {
    for (const name of ["feature", "launch", "teaser"] as const) {
      const { document: doc, rules } = project(name);
      const read = readDocument(JSON.parse(JSON.stringify(doc)));
      expect(read).toEqual(doc);
      expect(() => checkDocument(read, rules)).not.toThrow();
    }
  });

  it("refuses an unknown field at its path", () => {
    expect(refusalOf(() => readDocument(sent((d) => (d.story.scenes[1].colour = "red"))))).toEqual({
      code: "invalid_revision",
      details: { path: "/story/scenes/1/colour", reason: "is not a field of this object" },
    });
    expect(refusalOf(() => readDocument(sent((d) => (d.sound.pitch = 2))))).toMatchObject({
      details: { path: "/sound/pitch" },
    });
  });

  it("refuses a text over its cap with the path and the cap, never cutting it", () => {
    const long = "Ship faster ".repeat(7); // 84 characters, the headline's cap is 70
    const value = sent((d) => (d.story.scenes[2].headline = long));
    expect(refusalOf(() => readDocument(value))).toEqual({
      code: "invalid_revision",
      details: { path: "/story/scenes/2/headline", reason: "is longer than 70 characters", limit: 70 },
    });
    expect((value as typeof document).story.scenes[2]?.headline).toBe(long);
  });

  it("answers narration and cover text over their caps with their own codes", () => {
    expect(refusalOf(() => readDocument(sent((d) => (d.story.scenes[4].narration = "word ".repeat(101)))))).toEqual({
      code: "invalid_campaign_narration",
      details: { path: "/story/scenes/4/narration", reason: "is longer than 500 characters", limit: 500 },
    });
    expect(refusalOf(() => readDocument(sent((d) => (d.story.coverText = "x".repeat(61)))))).toMatchObject({
      code: "invalid_cover_text",
      details: { path: "/story/coverText", limit: 60 },
    });
  });

  it("follows a union into the variant the value names", () => {
    expect(
      refusalOf(() => readDocument(sent((d) => (d.story.scenes[0].visual = { type: "screenshot" })))),
    ).toMatchObject({
      details: { path: "/story/scenes/0/visual/assetId", reason: "is required" },
    });
    expect(
      refusalOf(() => readDocument(sent((d) => (d.story.scenes[0].visual = { type: "video", assetId: "video-1" })))),
    ).toMatchObject({
      details: {
        path: "/story/scenes/0/visual/type",
        reason: "must be one of screenshot, image, logo, footage, plate",
      },
    });
    expect(
      refusalOf(() =>
        readDocument(sent((d) => (d.story.scenes[8].cta = { text: "Go", url: "https://x.example", id: 1 }))),
      ),
    ).toMatchObject({ details: { path: "/story/scenes/8/cta/id" } });
    expect(refusalOf(() => readDocument(sent((d) => (d.story.scenes[3].kind = "teaser"))))).toMatchObject({
      details: { path: "/story/scenes/3/kind", reason: expect.stringMatching(/^must be one of hook, problem/) },
    });
  });

  it("checks colours, ids, numbers and the schema name", () => {
    const cases: [(d: Record<string, any>) => void, string][] = [
      [(d) => (d.style.palette.accent = "#F59E0"), "/style/palette/accent"],
      [(d) => (d.story.scenes[0].id = "scene-1"), "/story/scenes/0/id"],
      [(d) => (d.sound.music.volume = 1.2), "/sound/music/volume"],
      [(d) => (d.story.scenes[5].seconds = 1), "/story/scenes/5/seconds"],
      [(d) => (d.schema = "clipwright.campaign.v2"), "/schema"],
      [(d) => (d.story.scenes = []), "/story/scenes"],
      [(d) => delete d.export.format, "/export/format"],
    ];
    for (const [edit, path] of cases) {
      expect(refusalOf(() => readDocument(sent(edit)))).toMatchObject({ code: "invalid_revision", details: { path } });
    }
    expect(refusalOf(() => readDocument("a document"))).toMatchObject({
      details: { path: "", reason: "must be an object" },
    });
  });
});

describe("operations", () => {
  it("reads a valid list as it is", () => {
    const ops = [
      { op: "set_length", seconds: 45 },
      { op: "set_logo", hidden: true },
      { op: "revert", toRevision: 2 },
    ];
    expect(readOperations(ops)).toEqual(ops);
  });

  it("names the operation and field of the first problem", () => {
    expect(refusalOf(() => readOperations([{ op: "set_speed", speed: 1 }, { op: "explode" }]))).toEqual({
      code: "invalid_revision",
      details: { path: "/operations/1/op", reason: expect.stringMatching(/^must be one of set_length, set_speed/) },
    });
    expect(refusalOf(() => readOperations([{ op: "hide_scene" }]))).toMatchObject({
      details: { path: "/operations/0/sceneId", reason: "is required" },
    });
    expect(refusalOf(() => readOperations([{ op: "hide_scene", sceneId: "sc-1", why: "dull" }]))).toMatchObject({
      details: { path: "/operations/0/why" },
    });
    expect(refusalOf(() => readOperations([{ op: "set_logo" }]))).toMatchObject({
      details: { path: "/operations/0", reason: "must set at least one field" },
    });
    expect(refusalOf(() => readOperations([]))).toMatchObject({ details: { path: "/operations" } });
    expect(refusalOf(() => readOperations([{ sceneId: "sc-1" }]))).toMatchObject({
      details: { path: "/operations/0/op", reason: "is required" },
    });
  });

  it("answers narration and cover text over their caps with their own codes", () => {
    expect(
      refusalOf(() => readOperations([{ op: "set_narration", sceneId: "sc-1", text: "a".repeat(501) }])),
    ).toMatchObject({
      code: "invalid_campaign_narration",
      details: { path: "/operations/0/text", limit: 500 },
    });
    expect(refusalOf(() => readOperations([{ op: "set_cover_text", text: "a".repeat(61) }]))).toMatchObject({
      code: "invalid_cover_text",
      details: { path: "/operations/0/text", limit: 60 },
    });
    expect(
      refusalOf(() => readOperations([{ op: "set_copy", sceneId: "sc-1", field: "headline", text: "a".repeat(221) }])),
    ).toMatchObject({ code: "invalid_revision", details: { path: "/operations/0/text", limit: 220 } });
  });
});

describe("the published schemas", () => {
  it("compile as strict JSON Schema 2020-12, as the OpenAPI document publishes them, and accept a revision", () => {
    const ajv = addFormats.default(new Ajv2020.default({ strict: true }));
    const plain = (s: object) => JSON.parse(JSON.stringify(s));
    for (const schema of [CampaignDocumentSchema, RevisionOperationSchema, RevisionOriginSchema])
      ajv.compile(plain(schema));
    const isRevision = ajv.compile(plain(RevisionSchema));
    const revision = {
      projectId: "0b7c6d6e-5f0a-4d1e-9a39-2f4f3b1b8a10",
      number: 2,
      createdAt: "2026-11-24T10:00:12Z",
      origin: { kind: "edit", instruction: "make it 45 seconds" },
      document,
    };
    expect(isRevision(revision)).toBe(true);
    expect(isRevision({ ...revision, origin: { kind: "undo" } })).toBe(false);
  });
});
