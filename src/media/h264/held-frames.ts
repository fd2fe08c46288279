import { BitReader, BitWriter, escapeRbsp, unescapeRbsp } from "./bits.js";
import type { SequenceParameters } from "./parameter-sets.js";

/**
 * The pieces of a held frame: a P picture whose every macroblock is P_Skip decodes to exactly the
 * picture before it (zero motion, no residual, deblocking off), in a few bytes and no encoder time.
 * It is coded with CAVLC through a picture parameter set of its own, so the encoder's stream may use
 * CABAC. Each held frame is a reference frame (pic_order_cnt_type 2 allows no two non-reference frames
 * in a row), so the encoder's later slices get their frame_num moved on by the frames held before them.
 */

/** nal_ref_idc 2 (a reference), nal_unit_type 8 / 1. */
const PPS_HEADER = 0x48;
const SLICE_HEADER = 0x41;

function withHeader(header: number, payload: Uint8Array): Uint8Array {
  const unit = new Uint8Array(payload.length + 1);
  unit[0] = header;
  unit.set(payload, 1);
  return unit;
}

/** A PPS for the held frames: CAVLC, one reference, deblocking control present, everything else default. */
export function heldFramePps(ppsId: number, spsId: number): Uint8Array {
  const w = new BitWriter()
    .ue(ppsId)
    .ue(spsId)
    .u(1, 0) // entropy_coding_mode_flag: CAVLC
    .u(1, 0) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .u(1, 0) // weighted_pred_flag
    .u(2, 0) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .u(1, 1) // deblocking_filter_control_present_flag
    .u(1, 0) // constrained_intra_pred_flag
    .u(1, 0); // redundant_pic_cnt_present_flag
  return withHeader(PPS_HEADER, escapeRbsp(w.trailing()));
}

/** One held frame: a single P slice, every macroblock skipped. */
export function heldFrameSlice(sps: SequenceParameters, ppsId: number, frameNum: number): Uint8Array {
  const w = new BitWriter()
    .ue(0) // first_mb_in_slice
    .ue(5) // slice_type: P (every slice of the picture)
    .ue(ppsId)
    .u(sps.log2MaxFrameNum, frameNum % 2 ** sps.log2MaxFrameNum)
    .u(1, 0) // num_ref_idx_active_override_flag
    .u(1, 0) // ref_pic_list_modification_flag_l0
    .u(1, 0) // adaptive_ref_pic_marking_mode_flag: sliding window
    .se(0) // slice_qp_delta
    .ue(1) // disable_deblocking_filter_idc: off
    .ue(sps.widthInMbs * sps.heightInMbs); // mb_skip_run: the whole picture
  return withHeader(SLICE_HEADER, escapeRbsp(w.trailing()));
}

/** A reader of a slice's RBSP standing at its frame_num (after first_mb_in_slice, slice_type and the PPS id). */
function atFrameNum(rbsp: Uint8Array): BitReader {
  const r = new BitReader(rbsp);
  r.ue(); // first_mb_in_slice
  r.ue(); // slice_type
  r.ue(); // pic_parameter_set_id
  return r;
}

/** A copy of an encoder's non-IDR slice with its frame_num replaced (the field's width is fixed by the SPS). */
export function withFrameNum(slice: Uint8Array, sps: SequenceParameters, frameNum: number): Uint8Array {
  const rbsp = unescapeRbsp(slice.subarray(1));
  const at = atFrameNum(rbsp).bitPosition;
  const bits = sps.log2MaxFrameNum;
  const value = frameNum % 2 ** bits;
  const out = Uint8Array.from(rbsp);
  for (let i = 0; i < bits; i++) {
    const pos = at + i;
    const mask = 1 << (7 - (pos & 7));
    const bit = Math.floor(value / 2 ** (bits - 1 - i)) & 1;
    const byte = out[pos >> 3] as number;
    out[pos >> 3] = bit ? byte | mask : byte & ~mask;
  }
  return withHeader(slice[0] as number, escapeRbsp(out));
}

/** The frame_num an encoder's slice carries. */
export function frameNumOf(slice: Uint8Array, sps: SequenceParameters): number {
  return atFrameNum(unescapeRbsp(slice.subarray(1))).u(sps.log2MaxFrameNum);
}
