import { describe, expect, it } from "vitest";
import { joinAnnexB, NAL, nalType, splitAnnexB } from "../../src/media/h264/annexb.js";
import { BitReader, BitWriter, escapeRbsp, unescapeRbsp } from "../../src/media/h264/bits.js";
import { constantRateStream } from "../../src/media/h264/cfr-stream.js";
import { frameNumOf, heldFramePps, heldFrameSlice, withFrameNum } from "../../src/media/h264/held-frames.js";
import { parsePps, parseSps } from "../../src/media/h264/parameter-sets.js";

/** A High-profile SPS as libx264 writes it without B-frames: 1920×1088 MBs, poc type 2, 6-bit frame_num. */
function sps(log2MaxFrameNum = 6, pocType = 2): Uint8Array {
  const w = new BitWriter()
    .u(8, 100) // profile_idc: High
    .u(8, 0)
    .u(8, 40) // level 4.0
    .ue(0) // sps id
    .ue(1) // chroma_format_idc 4:2:0
    .ue(0)
    .ue(0)
    .u(1, 0)
    .u(1, 0) // no scaling matrices
    .ue(log2MaxFrameNum - 4)
    .ue(pocType);
  if (pocType === 0) w.ue(2);
  w.ue(1) // max_num_ref_frames
    .u(1, 0)
    .ue(119) // 120 MBs wide
    .ue(67) // 68 MBs high
    .u(1, 1) // frame_mbs_only
    .u(1, 1) // direct_8x8_inference
    .u(1, 0) // no cropping
    .u(1, 0); // no VUI
  return Uint8Array.from([0x67, ...escapeRbsp(w.trailing())]);
}

function pps(id: number, cabac: boolean): Uint8Array {
  const w = new BitWriter()
    .ue(id)
    .ue(0)
    .u(1, cabac ? 1 : 0)
    .u(1, 0)
    .ue(0)
    .ue(0)
    .ue(0)
    .u(1, 0)
    .u(2, 0);
  w.se(0).se(0).se(0).u(1, 1).u(1, 0).u(1, 0);
  return Uint8Array.from([0x68, ...escapeRbsp(w.trailing())]);
}

/** An encoder-like slice: header fields, then filler bytes that include a start-code-like run. */
function slice(idr: boolean, frameNum: number, log2 = 6): Uint8Array {
  const w = new BitWriter()
    .ue(0)
    .ue(idr ? 7 : 5)
    .ue(0)
    .u(log2, frameNum);
  for (const b of [0, 0, 1, 0, 0, 0, 2, 0xaa]) w.u(8, b);
  return Uint8Array.from([idr ? 0x65 : 0x41, ...escapeRbsp(w.trailing())]);
}

describe("H.264 bits", () => {
  it("writes and reads fixed fields and Exp-Golomb codes", () => {
    const values = [0, 1, 2, 3, 7, 8, 254, 255, 8160, 65535];
    const w = new BitWriter().u(3, 5);
    for (const v of values) w.ue(v);
    for (const v of [-3, -1, 0, 1, 4]) w.se(v);
    const r = new BitReader(w.trailing());
    expect(r.u(3)).toBe(5);
    expect(values.map(() => r.ue())).toEqual(values);
    expect([0, 0, 0, 0, 0].map(() => r.se())).toEqual([-3, -1, 0, 1, 4]);
  });

  it("escapes every 00 00 0x run and round-trips", () => {
    const rbsp = Uint8Array.from([0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 9]);
    const escaped = escapeRbsp(rbsp);
    expect([...escaped]).toEqual([0, 0, 3, 0, 0, 3, 0, 1, 0, 0, 3, 2, 0, 0, 3, 3, 0, 0, 4, 9]);
    expect([...unescapeRbsp(escaped)]).toEqual([...rbsp]);
    // An RBSP ending in zeros (a cabac_zero_word) gets a final 03.
    expect([...escapeRbsp(Uint8Array.from([5, 0, 0]))]).toEqual([5, 0, 0, 3]);
  });

  it("splits and joins Annex B streams with 3- and 4-byte start codes", () => {
    const units = [Uint8Array.from([0x67, 1, 2]), Uint8Array.from([0x68, 3]), Uint8Array.from([0x65, 0, 0, 3, 1])];
    const stream = Buffer.concat([
      Buffer.from([0, 0, 0, 1]),
      units[0] as Uint8Array,
      Buffer.from([0, 0, 1]),
      units[1] as Uint8Array,
      Buffer.from([0, 0, 0, 1]),
      units[2] as Uint8Array,
    ]);
    expect(splitAnnexB(stream).map((u) => [...u])).toEqual(units.map((u) => [...u]));
    expect(splitAnnexB(joinAnnexB(units)).map(nalType)).toEqual([NAL.sps, NAL.pps, NAL.idrSlice]);
  });
});

describe("held frames", () => {
  it("reads what it needs from the parameter sets and refuses other shapes", () => {
    expect(parseSps(sps())).toMatchObject({
      spsId: 0,
      log2MaxFrameNum: 6,
      widthInMbs: 120,
      heightInMbs: 68,
    });
    expect(() => parseSps(sps(6, 0))).toThrow(/pic_order_cnt_type 0/);
    expect(parsePps(pps(3, true))).toEqual({ ppsId: 3, spsId: 0 });
  });

  it("writes a CAVLC PPS and an all-skip P slice that read back", () => {
    const seq = parseSps(sps());
    const p = heldFramePps(1, 0);
    expect(nalType(p)).toBe(NAL.pps);
    expect(parsePps(p)).toEqual({ ppsId: 1, spsId: 0 });
    const s = heldFrameSlice(seq, 1, 70); // wraps at 64
    expect(nalType(s)).toBe(NAL.nonIdrSlice);
    const r = new BitReader(unescapeRbsp(s.subarray(1)));
    expect([r.ue(), r.ue(), r.ue(), r.u(6)]).toEqual([0, 5, 1, 6]);
    expect([r.u(1), r.u(1), r.u(1), r.se(), r.ue(), r.ue()]).toEqual([0, 0, 0, 0, 1, 120 * 68]);
    expect(s.length).toBeLessThan(16);
  });

  it("moves an encoder slice's frame_num and keeps the rest of its bytes", () => {
    const seq = parseSps(sps());
    const original = slice(false, 3);
    const moved = withFrameNum(original, seq, 3 + 40);
    expect(frameNumOf(moved, seq)).toBe(43);
    expect(frameNumOf(withFrameNum(original, seq, 64 + 5), seq)).toBe(5);
    expect([...unescapeRbsp(moved.subarray(1))].slice(-6)).toEqual([...unescapeRbsp(original.subarray(1))].slice(-6));
  });

  it("fills the frames between pictures with held frames and renumbers what follows", () => {
    const seq = parseSps(sps());
    const encoded = joinAnnexB([
      sps(),
      pps(0, true),
      slice(true, 0),
      slice(false, 1),
      slice(false, 2),
      slice(true, 0),
      slice(false, 1),
    ]);
    const out = splitAnnexB(constantRateStream(encoded, [0, 3, 4, 60, 62], 64));
    const slices = out.filter((u) => nalType(u) === NAL.nonIdrSlice || nalType(u) === NAL.idrSlice);
    expect(slices).toHaveLength(64);
    // The held frames' PPS follows the encoder's, before the first slice.
    expect(out.slice(0, 4).map(nalType)).toEqual([NAL.sps, NAL.pps, NAL.pps, NAL.idrSlice]);
    expect(parsePps(out[2] as Uint8Array).ppsId).toBe(1);
    const nums = slices.map((u) => (nalType(u) === NAL.idrSlice ? "I" : frameNumOf(u, seq)));
    expect(nums.slice(0, 6)).toEqual(["I", 1, 2, 3, 4, 5]);
    expect(nums[59]).toBe(59 % 64);
    expect(nums.slice(60)).toEqual(["I", 1, 2, 3]);
    expect(() => constantRateStream(encoded, [0, 3, 4, 60], 64)).toThrow(/5 pictures|4 pictures/);
    expect(() => constantRateStream(encoded, [0, 3, 3, 60, 62], 64)).toThrow(/shown from frame 3 until 3/);
  });
});
