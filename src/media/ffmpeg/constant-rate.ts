/**
 * The constant frame rate of a format whose encoder codes every frame (WebM encode-webm.ts, GIF
 * encode-gif.ts), from the picture stream that sends each held picture once (picture-pipe.ts).
 */

/**
 * Filters that repeat each held picture to one picture per frame, exactly `frames` of them: `fps` places
 * each picture on its frame (the timestamps are whole milliseconds, within half a frame of it, so
 * rounding to the nearest frame is exact), `tpad` holds the last one to the end (its own duration is one
 * frame) and `trim` stops at the last frame.
 */
export function constantRateFilters(fps: number, frames: number): string[] {
  return [`fps=fps=${fps}:round=near`, `tpad=stop_mode=clone:stop=${frames}`, `trim=end_frame=${frames}`];
}
