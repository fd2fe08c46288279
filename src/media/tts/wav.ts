/** The facts of a PCM WAV file the service needs: format, length, and whether anything is audible. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes of sample data (the `data` chunk, clipped to the file). */
  dataBytes: number;
  durationSeconds: number;
  /** The `data` chunk claims more bytes than the file holds (cut short, or written as a stream). */
  truncated: boolean;
  /** Largest absolute sample value, as a fraction of full scale (0 for silence). */
  peak: number;
}

interface PcmLayout {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Where the sample data starts, and its size as declared. */
  dataOffset: number;
  declaredBytes: number;
}

/** Walks the chunks (`fmt `, then `data`); null when the bytes are not a RIFF/WAVE file with both. */
function pcmLayout(buf: Buffer): PcmLayout | null {
  if (buf.length < 12 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") return null;
  let offset = 12;
  let fmt: Omit<PcmLayout, "dataOffset" | "declaredBytes"> | null = null;
  while (offset + 8 <= buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt " && body + 16 <= buf.length) {
      fmt = {
        format: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === "data") {
      if (fmt?.format !== 1 || fmt.channels < 1 || fmt.sampleRate < 1 || fmt.bitsPerSample % 8 !== 0) return null;
      return { ...fmt, dataOffset: body, declaredBytes: size };
    }
    offset = body + size + (size % 2); // chunks are padded to even sizes
  }
  return null;
}

/**
 * Reads a RIFF/WAVE header by walking its chunks (`fmt `, then `data`). Returns null when the bytes
 * are not a PCM WAV file. A `data` size larger than the file (streamed writers put 0xFFFFFFFF there)
 * is clipped to what is present.
 */
export function parseWav(buf: Buffer): WavInfo | null {
  const pcm = pcmLayout(buf);
  if (!pcm) return null;
  const dataBytes = Math.min(pcm.declaredBytes, buf.length - pcm.dataOffset);
  const frames = Math.floor(dataBytes / (pcm.channels * (pcm.bitsPerSample / 8)));
  return {
    sampleRate: pcm.sampleRate,
    channels: pcm.channels,
    bitsPerSample: pcm.bitsPerSample,
    dataBytes,
    truncated: pcm.declaredBytes > dataBytes,
    durationSeconds: frames / pcm.sampleRate,
    peak: pcm.bitsPerSample === 16 ? peak16(buf, pcm.dataOffset, frames * pcm.channels) : 1,
  };
}

/** Quieter than this (-40 dBFS) counts as the silence an engine leaves around its speech. */
const EDGE_SILENCE = 0.01;
/** What is kept either side of the speech, so its first and last sounds are not clipped. */
const EDGE_MARGIN_SECONDS = 0.05;

/**
 * The file with the silence before and after the speech cut to a short margin (16-bit PCM; anything
 * else, and all-silent audio, is returned as it is). Engines pad a line on both ends (festival ~0.2 s
 * before, espeak-ng ~0.35 s after); the timeline adds its own lead-in and tail, and the padding on top
 * would be dead air between lines. Answers a canonical 44-byte-header WAV.
 */
export function trimEdgeSilence(buf: Buffer): Buffer {
  const pcm = pcmLayout(buf);
  if (pcm?.bitsPerSample !== 16) return buf;
  const frameBytes = pcm.channels * 2;
  const frames = Math.floor(Math.min(pcm.declaredBytes, buf.length - pcm.dataOffset) / frameBytes);
  const limit = Math.ceil(EDGE_SILENCE * 32768);
  const loud = (frame: number): boolean => {
    for (let c = 0; c < pcm.channels; c++)
      if (Math.abs(buf.readInt16LE(pcm.dataOffset + frame * frameBytes + c * 2)) >= limit) return true;
    return false;
  };
  let first = 0;
  while (first < frames && !loud(first)) first++;
  if (first === frames) return buf;
  let last = frames - 1;
  while (last > first && !loud(last)) last--;
  const margin = Math.round(EDGE_MARGIN_SECONDS * pcm.sampleRate);
  const from = Math.max(0, first - margin);
  const to = Math.min(frames, last + 1 + margin);
  const data = buf.subarray(pcm.dataOffset + from * frameBytes, pcm.dataOffset + to * frameBytes);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(pcm.channels, 22);
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * frameBytes, 28);
  header.writeUInt16LE(frameBytes, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function peak16(buf: Buffer, start: number, samples: number): number {
  let max = 0;
  for (let i = 0; i < samples; i++) {
    const v = Math.abs(buf.readInt16LE(start + i * 2));
    if (v > max) max = v;
  }
  return max / 32768;
}
