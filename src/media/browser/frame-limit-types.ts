/** What frame-limit.ts passes its init script (page/frame-limit.page.ts). Types only. */
export interface FrameLimits {
  maxDepth: number;
  maxFrames: number;
  /** What the script prints (console.debug) for each frame it took out. */
  removedMark: string;
  /** Frames taken out of one document before its timers are stopped. */
  stopTimersAfter: number;
}
