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

/**
 * Reads a RIFF/WAVE header by walking its chunks (`fmt `, then `data`). Returns null when the bytes
 * are not a PCM WAV file. A `data` size larger than the file (streamed writers put 0xFFFFFFFF there)
 * is clipped to what is present.
 */
export function parseWav(buf: Buffer): WavInfo | null {
  if (buf.length < 12 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") return null;
  let offset = 12;
  let fmt: { format: number; channels: number; sampleRate: number; bitsPerSample: number } | null = null;
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
      const dataBytes = Math.min(size, buf.length - body);
      const frameBytes = fmt.channels * (fmt.bitsPerSample / 8);
      const frames = Math.floor(dataBytes / frameBytes);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bitsPerSample,
        dataBytes,
        truncated: size > dataBytes,
        durationSeconds: frames / fmt.sampleRate,
        peak: fmt.bitsPerSample === 16 ? peak16(buf, body, frames * fmt.channels) : 1,
      };
    }
    offset = body + size + (size % 2); // chunks are padded to even sizes
  }
  return null;
}

function peak16(buf: Buffer, start: number, samples: number): number {
  let max = 0;
  for (let i = 0; i < samples; i++) {
    const v = Math.abs(buf.readInt16LE(start + i * 2));
    if (v > max) max = v;
  }
  return max / 32768;
}
