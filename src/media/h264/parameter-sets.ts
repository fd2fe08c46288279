import { BitReader, unescapeRbsp } from "./bits.js";

/**
 * What the held-frame writer needs from an encoder's sequence and picture parameter sets (§7.3.2.1–2).
 * Only the shapes libx264 writes without B-frames are accepted: progressive frames, picture order from
 * frame_num (pic_order_cnt_type 2), one slice group; anything else is refused by name.
 */

export interface SequenceParameters {
  spsId: number;
  log2MaxFrameNum: number;
  widthInMbs: number;
  heightInMbs: number;
}

export interface PictureParameters {
  ppsId: number;
  spsId: number;
}

/** Profiles whose SPS carries chroma format and bit depths (§7.3.2.1.1). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export function parseSps(unit: Uint8Array): SequenceParameters {
  const r = new BitReader(unescapeRbsp(unit.subarray(1)));
  const profile = r.u(8);
  r.u(16); // constraint flags, level_idc
  const spsId = r.ue();
  if (HIGH_PROFILES.has(profile)) {
    const chroma = r.ue();
    if (chroma === 3) r.u(1);
    r.ue(); // bit_depth_luma_minus8
    r.ue(); // bit_depth_chroma_minus8
    r.u(1); // qpprime_y_zero_transform_bypass_flag
    if (r.u(1) === 1) throw new RangeError("SPS scaling matrices are not supported");
  }
  const log2MaxFrameNum = r.ue() + 4;
  const pictureOrderCountType = r.ue();
  if (pictureOrderCountType !== 2)
    throw new RangeError(`pic_order_cnt_type ${pictureOrderCountType} is not supported (2 expected)`);
  r.ue(); // max_num_ref_frames
  r.u(1); // gaps_in_frame_num_value_allowed_flag
  const widthInMbs = r.ue() + 1;
  const heightInMbs = r.ue() + 1;
  if (r.u(1) !== 1) throw new RangeError("interlaced streams are not supported");
  return { spsId, log2MaxFrameNum, widthInMbs, heightInMbs };
}

export function parsePps(unit: Uint8Array): PictureParameters {
  const r = new BitReader(unescapeRbsp(unit.subarray(1)));
  const ppsId = r.ue();
  const spsId = r.ue();
  r.u(2); // entropy_coding_mode_flag, bottom_field_pic_order_in_frame_present_flag
  if (r.ue() !== 0) throw new RangeError("slice groups are not supported");
  return { ppsId, spsId };
}
