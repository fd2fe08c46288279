import { writeFile } from "node:fs/promises";

/** A canonical 44-byte WAV header: PCM (format 1) or IEEE float (format 3). */
function header(format: 1 | 3, channels: number, rate: number, bits: number, dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  const frame = channels * (bits / 8);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write("WAVEfmt ", 8, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(format, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * frame, 28);
  h.writeUInt16LE(frame, 32);
  h.writeUInt16LE(bits, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** A mono 32-bit float WAV of the samples (an envelope ffmpeg multiplies a stream by). */
export async function writeFloatWav(path: string, samples: Float32Array, rate: number): Promise<void> {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  await writeFile(path, Buffer.concat([header(3, 1, rate, 32, data.length), data]));
}

/** Digital silence: a 16-bit PCM WAV of exactly `samples` zero frames. */
export async function writeSilentWav(path: string, samples: number, channels: number, rate: number): Promise<void> {
  const bytes = samples * channels * 2;
  await writeFile(path, Buffer.concat([header(1, channels, rate, 16, bytes), Buffer.alloc(bytes)]));
}
