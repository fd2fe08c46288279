import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posterFrame, sha256File } from "../../src/media/ffmpeg/encode.js";
import { GIF_FPS } from "../../src/media/ffmpeg/encode-gif.js";
import { muxTracks, narrationTrack } from "../../src/media/ffmpeg/mux.js";
import { muxWebm, opusTrack } from "../../src/media/ffmpeg/mux-webm.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import { designedPicture, type Format, startEncoder, writeHeld } from "../support/format-encode.js";

/**
 * The same pictures and audio give the same bytes in every format: no dates, random UIDs or version
 * strings in the files, and encoder thread counts fixed (an encoder's output depends on its count).
 */
describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("deterministic encodes", () => {
  let dir: string;
  let wav: string;
  let n = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-same-bytes-"));
    wav = join(dir, "voice.wav");
    await runFfmpeg(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=48000:duration=1.5", wav]);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The final file (and its poster) of `format` made from a moving bar over a shaded card. */
  async function make(format: Format): Promise<{ file: string; poster: string }> {
    const gif = format === "gif";
    const [width, height, fps] = gif ? [270, 480, GIF_FPS] : [1080, 1920, 30];
    const frames = fps;
    const look = (f: number) =>
      designedPicture(width, height, { top: 30, bottom: 220, card: [160, 100, 170], barX: (f * width) / frames });
    // Every frame moves in the first half second, then the last picture is held.
    const pictures = new Map(Array.from({ length: fps / 2 }, (_, f) => [f, look(f)]));
    const tag = `${format}-${n++}`;
    const video = join(dir, `${tag}.video.${format}`);
    await writeHeld(
      startEncoder(format, { width, height, fps, frames, videoFilter: null, out: video }),
      frames,
      pictures,
    );
    let file = video;
    if (format === "mp4") {
      file = join(dir, `${tag}.mp4`);
      await narrationTrack(wav, { frames, fps }, join(dir, `${tag}.m4a`));
      await muxTracks(video, join(dir, `${tag}.m4a`), file);
    } else if (format === "webm") {
      file = join(dir, `${tag}.webm`);
      await opusTrack(wav, { frames, fps }, join(dir, `${tag}.opus.webm`));
      await muxWebm(video, join(dir, `${tag}.opus.webm`), file);
    }
    const poster = join(dir, `${tag}.jpg`);
    await posterFrame(file, 0.8, poster);
    return { file, poster };
  }

  it.each(["mp4", "webm", "gif"] as const)(
    "makes a %s of the same bytes twice",
    async (format) => {
      const first = await make(format);
      const second = await make(format);
      expect(await sha256File(second.file)).toBe(await sha256File(first.file));
      expect(await sha256File(second.poster)).toBe(await sha256File(first.poster));
    },
    90_000,
  );
});
