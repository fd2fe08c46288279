/**
 * The smallest Matroska stream ffmpeg reads raw I420 pictures from with a timestamp each
 * (V_UNCOMPRESSED, ColourSpace "I420"): a held picture is sent once, with the timestamp of the frame
 * it is first shown on, instead of the same 3 MB crossing the pipe once per frame (the encoder holds it:
 * ../h264/cfr-stream.ts). Every element has a known size, one
 * picture per cluster, timestamps in milliseconds.
 */

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const SEGMENT = [0x18, 0x53, 0x80, 0x67];
const INFO = [0x15, 0x49, 0xa9, 0x66];
const TIMESTAMP_SCALE = [0x2a, 0xd7, 0xb1];
const TRACKS = [0x16, 0x54, 0xae, 0x6b];
const TRACK_ENTRY = [0xae];
const CLUSTER = [0x1f, 0x43, 0xb6, 0x75];
const CLUSTER_TIMESTAMP = [0xe7];
const SIMPLE_BLOCK = [0xa3];
/** The "size unknown" marker: the segment runs until the stream ends. */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** An 8-byte EBML size (simple to write, fine for a pipe). */
function size(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n) | (1n << 56n));
  return b;
}

function element(id: number[], body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), size(body.length), body]);
}

function uint(id: number[], value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(value));
  let start = 0;
  while (start < 7 && b[start] === 0) start++;
  return element(id, b.subarray(start));
}

const text = (id: number[], value: string): Buffer => element(id, Buffer.from(value, "latin1"));

/** The EBML header, segment start, info and the one video track. */
export function matroskaHeader(width: number, height: number, fps: number): Buffer {
  const header = element(
    EBML,
    Buffer.concat([
      uint([0x42, 0x86], 1),
      uint([0x42, 0xf7], 1),
      uint([0x42, 0xf2], 4),
      uint([0x42, 0xf3], 8),
      text([0x42, 0x82], "matroska"),
      uint([0x42, 0x87], 4),
      uint([0x42, 0x85], 2),
    ]),
  );
  const info = element(INFO, uint(TIMESTAMP_SCALE, 1_000_000));
  const video = element(
    [0xe0],
    Buffer.concat([uint([0xb0], width), uint([0xba], height), element([0x2e, 0xb5, 0x24], Buffer.from("I420"))]),
  );
  const track = element(
    TRACK_ENTRY,
    Buffer.concat([
      uint([0xd7], 1),
      uint([0x73, 0xc5], 1),
      uint([0x83], 1),
      text([0x86], "V_UNCOMPRESSED"),
      uint([0x23, 0xe3, 0x83], Math.round(1e9 / fps)),
      video,
    ]),
  );
  return Buffer.concat([header, Buffer.from(SEGMENT), UNKNOWN_SIZE, info, element(TRACKS, track)]);
}

/** The timestamp frame `frame` is sent with, in whole milliseconds: what a filter sees as its time. */
export function frameTimestampMs(frame: number, fps: number): number {
  return Math.round((frame * 1000) / fps);
}

/** The first frame whose timestamp is at or after `ms`: where a change at `ms` first shows. */
export function firstFrameAtOrAfter(ms: number, fps: number): number {
  let frame = Math.max(0, Math.floor((ms * fps) / 1000) - 1);
  while (frameTimestampMs(frame, fps) < ms) frame++;
  return frame;
}

/**
 * What goes before a picture of `bytes` bytes shown from frame `frame` on: a cluster holding one
 * keyframe block, the picture's bytes following directly.
 */
export function pictureHeader(frame: number, fps: number, bytes: number): Buffer {
  const timestamp = uint(CLUSTER_TIMESTAMP, frameTimestampMs(frame, fps));
  // Track 1, relative timestamp 0, keyframe.
  const blockHead = Buffer.from([0x81, 0x00, 0x00, 0x80]);
  const block = Buffer.concat([Buffer.from(SIMPLE_BLOCK), size(blockHead.length + bytes), blockHead]);
  return Buffer.concat([Buffer.from(CLUSTER), size(timestamp.length + block.length + bytes), timestamp, block]);
}
