/**
 * H.264 Annex B byte streams (what `ffmpeg -f h264` writes): NAL units behind 00 00 01 start codes
 * (00 00 00 01 before some). Splitting keeps each unit's bytes as they are (header byte first).
 */

export const NAL = { nonIdrSlice: 1, idrSlice: 5, sei: 6, sps: 7, pps: 8, aud: 9 } as const;

export const nalType = (unit: Uint8Array): number => (unit[0] ?? 0) & 0x1f;

export function splitAnnexB(stream: Uint8Array): Uint8Array[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  }
  return starts.map((start, k) => {
    let end = k + 1 < starts.length ? (starts[k + 1] as number) - 3 : stream.length;
    // A 4-byte start code's leading zero (and any trailing_zero_8bits) belongs to no unit.
    while (end > start && stream[end - 1] === 0) end--;
    return stream.subarray(start, end);
  });
}

const START_CODE = Uint8Array.from([0, 0, 0, 1]);

export function joinAnnexB(units: readonly Uint8Array[]): Buffer {
  return Buffer.concat(units.flatMap((u) => [START_CODE, u]));
}
