import { describe, expect, it } from "vitest";
import {
  assColor,
  assTime,
  captionLineChars,
  escapeAssText,
  toAss,
  WATERMARK_TEXT,
  watermarkBox,
} from "../../src/media/captions/ass.js";
import { catalogueLook } from "../support/caption-looks.js";

const look = catalogueLook;

/** The text part of each Dialogue line. */
const dialogueTexts = (ass: string) =>
  ass
    .split("\n")
    .filter((l) => l.startsWith("Dialogue:"))
    .map((l) => l.split(",").slice(9).join(","));

/** Override blocks that are not escaped (`{` not preceded by a backslash). */
const overrideBlocks = (text: string) => [...text.matchAll(/(?<!\\)\{[^}]*\}/g)].map((m) => m[0]);

describe("escapeAssText", () => {
  it("keeps braces, backslashes and newlines from becoming ASS overrides", () => {
    const evil = "Click {\\b1\\c&H0000FF&}here\\N now\nand }then{ \\h";
    const out = escapeAssText(evil);
    expect(overrideBlocks(out)).toEqual([]);
    expect(out).not.toMatch(/\\[Nnh]/); // no line-break or hard-space escapes survive
    expect(out).not.toMatch(/[\n\r]/);
    // Visible text is unchanged apart from the newline (zero-width spaces are invisible).
    expect(out.replace(/\u200B/g, "").replace(/\\([{}])/g, "$1")).toBe(evil.replace("\n", " "));
  });
});

describe("toAss", () => {
  const cues = [
    { startSeconds: 0.3, endSeconds: 1.8, text: "Open {the} menu \\ then pick Settings" },
    { startSeconds: 2.1, endSeconds: 4, text: "Second line" },
  ];

  it("writes one Dialogue per cue with the look's font size, colours and position", () => {
    const ass = toAss({ width: 1920, height: 1080, look: look("classic"), cues, watermark: false, durationSeconds: 5 });
    expect(ass).toContain("PlayResX: 1920");
    expect(ass).toMatch(/Style: Caption,DejaVu Sans,49,&H00FFFFFF,/); // 0.045 × 1080
    expect(ass).toContain(",3,"); // boxed: BorderStyle 3
    expect(ass).toContain(assColor("#000000B3"));
    const texts = dialogueTexts(ass);
    expect(texts).toHaveLength(2);
    for (const t of texts) expect(overrideBlocks(t)).toEqual([]);
    expect(ass).toContain("Dialogue: 0,0:00:00.30,0:00:01.80,Caption");
  });

  it("uppercases with an outline for bold, centred", () => {
    const ass = toAss({ width: 1080, height: 1920, look: look("bold"), cues, watermark: false, durationSeconds: 5 });
    expect(dialogueTexts(ass)[1]).toBe("SECOND LINE");
    expect(ass).toMatch(/Style: Caption,[^\n]*,1,[\d.]+,0,5,/);
  });

  it("times karaoke words with \\k, highlight as the primary colour", () => {
    const ass = toAss({ width: 1920, height: 1080, look: look("karaoke"), cues, watermark: false, durationSeconds: 5 });
    const words = dialogueTexts(
      ass
        .split("\n")
        .filter((l) => l.includes(",CaptionWords,"))
        .join("\n"),
    );
    expect(words).toHaveLength(2);
    const second = words[1] ?? "";
    const ks = [...second.matchAll(/\{\\k(\d+)\}/g)].map((m) => Number(m[1]));
    expect(ks).toHaveLength(2);
    expect(ks.reduce((a, b) => a + b, 0)).toBe(190);
    expect(ass).toContain(`Style: Caption,DejaVu Sans,54,${assColor("#FACC15")},${assColor("#FFFFFF")}`);
    // The only override blocks are the \k tags, and the invisible text that draws one box per line.
    for (const t of dialogueTexts(ass)) for (const b of overrideBlocks(t)) expect(b).toMatch(/^\{\\(k\d+|1a&HFF&)\}$/);
  });

  it("draws the mark in its corner box for the whole video, and nothing else without captions", () => {
    const ass = toAss({ width: 1280, height: 720, look: null, cues, watermark: true, durationSeconds: 5 });
    const box = watermarkBox({ width: 1280, height: 720 });
    expect(box.x + box.width).toBeLessThan(1280);
    expect(ass).toContain(`\\pos(${box.x},${box.y})`);
    expect(ass).toContain(WATERMARK_TEXT);
    expect(ass).not.toContain("Caption");
  });

  it("formats times and colours", () => {
    expect(assTime(3723.456)).toBe("1:02:03.46");
    expect(assColor("#FACC15")).toBe("&H0015CCFA");
    expect(assColor("#00000099")).toBe("&H66000000");
  });

  it("fits fewer characters per line when the frame is narrow", () => {
    expect(captionLineChars(look("bold"), 1080, 1920)).toBeLessThan(captionLineChars(look("classic"), 1920, 1080));
    expect(captionLineChars(look("classic"), 1920, 1080)).toBeLessThanOrEqual(42);
  });
});
