import { startStreamEncode } from "../../src/media/ffmpeg/encode-stream.js";

/**
 * A video-only MP4 as a render makes one (the streaming encoder, ready for mux.ts): flat grey pictures,
 * luma `lumaAt(frame)`, each sent where the level changes and at every keyframe.
 */
export async function streamedVideo(
  out: string,
  size: { width: number; height: number; fps: number; frames: number },
  lumaAt: (frame: number) => number = () => 128,
): Promise<void> {
  const { width, height } = size;
  const encoder = startStreamEncode({ ...size, videoFilter: null, out });
  let sent: number | null = null;
  for (let at = 0; at < size.frames; at++) {
    const luma = lumaAt(at);
    if (luma === sent && !encoder.isKeyframe(at)) continue;
    await encoder.write(
      Buffer.concat([Buffer.alloc(width * height, luma), Buffer.alloc((width * height) / 2, 128)]),
      at,
    );
    sent = luma;
  }
  await encoder.finish();
}
