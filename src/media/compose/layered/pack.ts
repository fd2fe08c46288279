import { promisify } from "node:util";
import { deflate, inflate } from "node:zlib";
import { createPlanes, type Planes } from "../canvas.js";
import type { CutSprite } from "./decode.js";
import type { YuvaSprite } from "./yuva.js";

/**
 * A scene's decoded layers (the plate's planes, the sprites in YUVA) as one compressed buffer and back, so
 * a scene drawn before is not decoded and cut again: its bytes are exactly what decoding gave. zlib's
 * fastest level on the thread pool; every array starts on a 4-byte boundary so it is viewed, not copied.
 */

export interface DecodedLayers {
  plate: Planes;
  sprites: CutSprite[];
}

const SPRITE_ARRAYS = ["y", "a", "u", "v", "ca", "spans", "solid", "csolid"] as const;
type SpriteArray = (typeof SPRITE_ARRAYS)[number];
const KINDS: Record<SpriteArray, "u8" | "u16" | "i32"> = {
  y: "u8",
  a: "u16",
  u: "u8",
  v: "u8",
  ca: "u16",
  spans: "i32",
  solid: "i32",
  csolid: "i32",
};

const pad4 = (n: number) => (4 - (n % 4)) % 4;

export async function packLayers(decoded: DecodedLayers): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const header = {
    plate: { width: decoded.plate.width, height: decoded.plate.height },
    sprites: decoded.sprites.map((s) => ({
      name: s.name,
      x: s.x,
      y: s.y,
      width: s.sprite.width,
      height: s.sprite.height,
    })),
  };
  const push = (bytes: Uint8Array | Uint16Array | Int32Array) => {
    const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    chunks.push(b, Buffer.alloc(pad4(b.length)));
  };
  push(decoded.plate.data);
  for (const s of decoded.sprites) for (const key of SPRITE_ARRAYS) push(s.sprite[key]);
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(4);
  head.writeUInt32LE(json.length);
  return promisify(deflate)(Buffer.concat([head, json, Buffer.alloc(pad4(4 + json.length)), ...chunks]), { level: 1 });
}

export async function unpackLayers(packed: Buffer): Promise<DecodedLayers> {
  const raw = await promisify(inflate)(packed);
  // A fresh, aligned copy: typed-array views need their offsets on the element size.
  const buf = new Uint8Array(raw.length);
  buf.set(raw);
  const length = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + length).toString("utf8")) as {
    plate: { width: number; height: number };
    sprites: { name: string; x: number; y: number; width: number; height: number }[];
  };
  let at = 4 + length + pad4(4 + length);
  const take = (bytes: number): Uint8Array => {
    const view = buf.subarray(at, at + bytes);
    at += bytes + pad4(bytes);
    return view;
  };
  const { width, height } = header.plate;
  const planeBytes = take((width * height * 3) / 2);
  const plate = createPlanes(
    width,
    height,
    Buffer.from(planeBytes.buffer, planeBytes.byteOffset, planeBytes.byteLength),
  );
  const sprites = header.sprites.map((h): CutSprite => {
    const px = h.width * h.height;
    const sizes: Record<SpriteArray, number> = {
      y: px,
      a: px,
      u: px / 4,
      v: px / 4,
      ca: px / 4,
      spans: h.height * 2,
      solid: h.height * 2,
      csolid: h.height,
    };
    const arrays = {} as Record<SpriteArray, Uint8Array | Uint16Array | Int32Array>;
    for (const key of SPRITE_ARRAYS) {
      const kind = KINDS[key];
      const size = sizes[key];
      const bytes = take(size * (kind === "u8" ? 1 : kind === "u16" ? 2 : 4));
      arrays[key] =
        kind === "u8"
          ? bytes
          : kind === "u16"
            ? new Uint16Array(bytes.buffer, bytes.byteOffset, size)
            : new Int32Array(bytes.buffer, bytes.byteOffset, size);
    }
    const sprite = { width: h.width, height: h.height, ...arrays } as unknown as YuvaSprite;
    return { name: h.name, x: h.x, y: h.y, sprite };
  });
  return { plate, sprites };
}
