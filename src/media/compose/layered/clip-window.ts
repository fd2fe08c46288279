import { closeSync, openSync, readSync } from "node:fs";
import { createPlanes, type Planes } from "../canvas.js";
import type { SpriteWindow, WindowClip } from "./types.js";

/**
 * A clip played inside a sprite's window from raw yuv420p pictures on disk (ffmpeg/decode-clip.ts), read
 * one at a time into one buffer as the frames ask for them: a minute of footage never sits in memory.
 * It starts at `atFrame` (its first picture shows until then) and holds its last picture once it ends.
 */
export class FileClip implements WindowClip {
  readonly kind = "clip";
  private readonly picture: Planes;
  private loaded = -1;
  private fd: number | null = null;

  constructor(
    readonly window: SpriteWindow,
    private readonly path: string,
    private readonly count: number,
    private readonly atFrame: number,
  ) {
    this.picture = createPlanes(window.width, window.height);
  }

  indexAt(frame: number): number {
    return Math.min(this.count - 1, Math.max(0, frame - this.atFrame));
  }

  pictureAt(frame: number): Planes {
    const index = this.indexAt(frame);
    if (index !== this.loaded) {
      this.fd ??= openSync(this.path, "r");
      const size = this.picture.data.length;
      readSync(this.fd, this.picture.data, 0, size, index * size);
      this.loaded = index;
    }
    return this.picture;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
