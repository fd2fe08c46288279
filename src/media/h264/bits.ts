/**
 * Bit-level reading and writing of H.264 RBSP (ITU-T H.264 §7.2): fixed-width fields, Exp-Golomb ue(v)
 * and se(v), and the emulation-prevention bytes that separate a NAL unit's payload from its RBSP.
 */

export class BitReader {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}

  get bitPosition(): number {
    return this.pos;
  }

  bit(): number {
    const byte = this.data[this.pos >> 3];
    if (byte === undefined) throw new RangeError("read past the end of the RBSP");
    const b = (byte >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return b;
  }

  u(bits: number): number {
    let v = 0;
    for (let i = 0; i < bits; i++) v = v * 2 + this.bit();
    return v;
  }

  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      zeros++;
      if (zeros > 31) throw new RangeError("Exp-Golomb code too long");
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : k === 0 ? 0 : -(k / 2);
  }
}

export class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private filled = 0;

  u(bits: number, value: number): this {
    for (let i = bits - 1; i >= 0; i--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** i) & 1);
      if (++this.filled === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.filled = 0;
      }
    }
    return this;
  }

  ue(value: number): this {
    const v = value + 1;
    const bits = Math.floor(Math.log2(v)) + 1;
    return this.u(bits - 1, 0).u(bits, v);
  }

  se(value: number): this {
    return this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): Uint8Array {
    this.u(1, 1);
    while (this.filled !== 0) this.u(1, 0);
    return Uint8Array.from(this.bytes);
  }
}

/** NAL payload → RBSP: every 00 00 03 loses its 03. */
export function unescapeRbsp(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length);
  let n = 0;
  let zeros = 0;
  for (const b of payload) {
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out[n++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}

/** RBSP → NAL payload: a 03 goes in wherever two zero bytes are followed by a byte ≤ 03. */
export function escapeRbsp(rbsp: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  // An RBSP ending in a cabac_zero_word gets a final 03 (§7.4.1): a NAL unit never ends in 00.
  if (out.at(-1) === 0) out.push(3);
  return Uint8Array.from(out);
}
