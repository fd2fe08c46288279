import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePng, pngSize } from "../../src/media/compose/png.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

/** Reference pixels: ffmpeg decodes the same PNG to raw RGBA. */
async function ffmpegRgba(png: string, out: string): Promise<Buffer> {
  await runFfmpeg(["-y", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgba", out]);
  return readFile(out);
}

describe("decodePng", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-png-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Odd sizes exercise the row filters' edges; testsrc2 has gradients, text and flat areas (all filters used).
  for (const pixFmt of ["rgb24", "rgba", "gray", "ya8", "pal8", "rgb48be", "rgba64be", "monob"]) {
    it(`matches ffmpeg for ${pixFmt}`, async () => {
      const png = join(dir, `${pixFmt}.png`);
      const alpha = pixFmt === "rgba" || pixFmt === "ya8" || pixFmt === "rgba64be";
      const filter = `format=rgb24,crop=123:77,${alpha ? "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='X*2'" : "null"}`;
      await runFfmpeg([
        "-y",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=s=128x80:d=1",
        "-vf",
        filter,
        "-frames:v",
        "1",
        "-pix_fmt",
        pixFmt,
        png,
      ]);
      const bytes = await readFile(png);
      const img = decodePng(bytes);
      expect(pngSize(bytes)).toEqual({ width: 123, height: 77 });
      expect(img.width).toBe(123);
      expect(img.height).toBe(77);
      const ref = await ffmpegRgba(png, join(dir, `${pixFmt}.rgba`));
      // 16-bit: ffmpeg rounds to 8 bits, the decoder keeps the high byte; allow one step.
      let maxDiff = 0;
      for (let i = 0; i < ref.length; i++) maxDiff = Math.max(maxDiff, Math.abs((img.data[i] ?? -1) - (ref[i] ?? 0)));
      expect(maxDiff).toBeLessThanOrEqual(pixFmt.endsWith("be") ? 1 : 0);
    });
  }

  it("decodes an Adam7-interlaced image", () => {
    // A 3×2 RGB image written by hand, interlaced: pass 1 has (0,0), pass 4 (2,0), pass 6 (1,0), pass 7 row 1.
    const px = (x: number, y: number) => [x * 80, y * 120, 200];
    const rows = (pixels: number[][]) => Buffer.from([0, ...pixels.flat()]);
    const raw = Buffer.concat([
      rows([px(0, 0)]),
      rows([px(2, 0)]),
      rows([px(1, 0)]),
      rows([px(0, 1), px(1, 1), px(2, 1)]),
    ]);
    const png = pngFile(3, 2, 2, 1, deflateSync(raw));
    const img = decodePng(png);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 3; x++)
        expect([...img.data.subarray((y * 3 + x) * 4, (y * 3 + x) * 4 + 4)]).toEqual([...px(x, y), 255]);
  });

  it("refuses what is not a PNG", () => {
    expect(() => decodePng(Buffer.from("hello world, not a png"))).toThrow();
  });
});

function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  // The decoder does not check CRCs (zlib checks the data itself); zeros keep the helper small.
  return Buffer.concat([len, Buffer.from(type, "latin1"), body, Buffer.alloc(4)]);
}

function pngFile(width: number, height: number, colorType: number, interlace: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  ihdr[12] = interlace;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
