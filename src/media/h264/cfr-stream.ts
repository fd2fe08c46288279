import { joinAnnexB, NAL, nalType, splitAnnexB } from "./annexb.js";
import { frameNumOf, heldFramePps, heldFrameSlice, withFrameNum } from "./held-frames.js";
import { parsePps, parseSps, type SequenceParameters } from "./parameter-sets.js";

/**
 * A constant-frame-rate H.264 stream from an encode of only the pictures that changed. The encoder
 * (libx264, no B-frames, one slice per picture) coded picture k, shown from frame `shownFrom[k]` until the
 * next picture's frame; every frame in between becomes a held frame (held-frames.ts), so a picture
 * held for five seconds costs the encoder one picture instead of 150 (x264 spends ~4 ms on each
 * repeated 1080p frame even when nothing moved: ~8 of 10 CPU-s in a 60 s walkthrough, measured).
 * The result has exactly `frames` pictures, one per frame.
 */

/** The PPS id the held frames use: after every id the encoder wrote. */
function freePpsId(ids: Set<number>): number {
  let id = 0;
  while (ids.has(id)) id++;
  return id;
}

interface AccessUnit {
  /** Units before the slice (SPS, PPS, SEI, AUD). */
  prefix: Uint8Array[];
  slice: Uint8Array;
}

function accessUnits(units: Uint8Array[]): AccessUnit[] {
  const out: AccessUnit[] = [];
  let prefix: Uint8Array[] = [];
  for (const unit of units) {
    const type = nalType(unit);
    if (type === NAL.nonIdrSlice || type === NAL.idrSlice) {
      // first_mb_in_slice is ue(0), a single 1 bit, when the slice starts the picture.
      if ((unit[1] ?? 0) < 0x80) throw new RangeError("one slice per picture expected");
      if (((unit[0] ?? 0) & 0x60) === 0) throw new RangeError("every picture must be a reference picture");
      out.push({ prefix, slice: unit });
      prefix = [];
    } else prefix.push(unit);
  }
  if (prefix.length > 0) throw new RangeError("the stream ends with units after its last slice");
  return out;
}

export function constantRateStream(encoded: Uint8Array, shownFrom: readonly number[], frames: number): Buffer {
  const aus = accessUnits(splitAnnexB(encoded));
  if (aus.length !== shownFrom.length)
    throw new RangeError(`${shownFrom.length} pictures were sent, the encoder wrote ${aus.length}`);
  let sps: SequenceParameters | null = null;
  const ppsIds = new Set<number>();
  for (const au of aus)
    for (const unit of au.prefix) {
      if (nalType(unit) === NAL.sps) sps = parseSps(unit);
      if (nalType(unit) === NAL.pps) ppsIds.add(parsePps(unit).ppsId);
    }
  if (!sps) throw new RangeError("the stream has no SPS");
  const heldPps = freePpsId(ppsIds);
  const out: Uint8Array[] = [];
  // Held frames inserted since the last IDR picture: every later slice's frame_num moves on by as many.
  let held = 0;
  aus.forEach((au, k) => {
    const from = shownFrom[k] as number;
    const until = k + 1 < aus.length ? (shownFrom[k + 1] as number) : frames;
    if (!(until > from)) throw new RangeError(`picture ${k} is shown from frame ${from} until ${until}`);
    const idr = nalType(au.slice) === NAL.idrSlice;
    if (idr) held = 0;
    out.push(...au.prefix);
    if (k === 0) out.push(heldFramePps(heldPps, sps.spsId));
    const frameNum = idr ? 0 : frameNumOf(au.slice, sps) + held;
    out.push(idr || held === 0 ? au.slice : withFrameNum(au.slice, sps, frameNum));
    for (let f = from + 1; f < until; f++) {
      held++;
      out.push(heldFrameSlice(sps, heldPps, frameNum + (f - from)));
    }
  });
  return joinAnnexB(out);
}
