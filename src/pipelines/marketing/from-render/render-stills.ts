import { type FfmpegBinaries, runFfmpeg } from "../../../media/ffmpeg/run.js";

/**
 * Where a render source's stills are taken: the middle of each shown beat's scene when the render
 * recorded its scenes (quality report `scenes`), else at the video's scene changes (ffmpeg's `scene`
 * score), the first moment included, at most MAX_STILLS.
 */

export const MAX_STILLS = 12;
/** A frame this different from the one before counts as a new scene (0–1; cuts between pages score high). */
const SCENE_THRESHOLD = 0.3;

export interface StillAt {
  seconds: number;
  /** The beat it shows, when known. */
  beatId: string | null;
}

/** The scenes of a quality report, checked (it is our own file, but a stored file is still read defensively). */
export function scenesOf(report: unknown): { beatId: string; startSeconds: number; endSeconds: number }[] {
  if (typeof report !== "object" || report === null) return [];
  const scenes = (report as { scenes?: unknown }).scenes;
  if (!Array.isArray(scenes)) return [];
  return scenes.flatMap((s: unknown) => {
    if (typeof s !== "object" || s === null) return [];
    const { beatId, startSeconds, endSeconds } = s as Record<string, unknown>;
    if (typeof beatId !== "string" || typeof startSeconds !== "number" || typeof endSeconds !== "number") return [];
    if (!Number.isFinite(startSeconds) || !(endSeconds > startSeconds)) return [];
    return [{ beatId: beatId.slice(0, 100), startSeconds, endSeconds }];
  });
}

/** The middle of each scene: a still there shows that beat settled, not the cut into it. */
export const beatStills = (scenes: ReturnType<typeof scenesOf>): StillAt[] =>
  scenes.slice(0, 100).map((s) => ({ seconds: (s.startSeconds + s.endSeconds) / 2, beatId: s.beatId }));

/** Times of scene changes, read from ffmpeg's showinfo after a scene-score select. */
export async function sceneChangeStills(
  video: string,
  durationSeconds: number,
  opts: { binaries: FfmpegBinaries; signal: AbortSignal },
): Promise<StillAt[]> {
  const { stderr } = await runFfmpeg(
    [
      "-hide_banner",
      "-nostdin",
      "-i",
      video,
      "-an",
      "-vf",
      `select='gt(scene,${SCENE_THRESHOLD})',showinfo`,
      "-fps_mode",
      "vfr",
      "-f",
      "null",
      "-",
    ],
    { binaries: opts.binaries, signal: opts.signal, timeoutMs: 120_000, stderrLimit: 256 * 1024 },
  );
  const cuts = [...stderr.matchAll(/pts_time:\s*([0-9.]+)/g)].map((m) => Number(m[1])).filter(Number.isFinite);
  // A still just after each cut would catch the page mid-transition: half a second in.
  const times = [Math.min(0.5, durationSeconds / 2), ...cuts.map((t) => Math.min(t + 0.5, durationSeconds - 0.05))];
  const kept: number[] = [];
  for (const t of times) if (t >= 0 && kept.every((k) => Math.abs(k - t) >= 1)) kept.push(t);
  return spread(kept, MAX_STILLS).map((seconds) => ({ seconds, beatId: null }));
}

/** At most `max` of the times, spread evenly over the list (first and last kept). */
function spread(times: number[], max: number): number[] {
  if (times.length <= max) return times;
  return Array.from({ length: max }, (_, i) => times[Math.round((i * (times.length - 1)) / (max - 1))] as number);
}

/** One frame at `seconds` as a JPEG file. */
export async function takeStill(
  video: string,
  seconds: number,
  out: string,
  opts: { binaries: FfmpegBinaries; signal: AbortSignal },
): Promise<void> {
  await runFfmpeg(
    ["-hide_banner", "-nostdin", "-y", "-ss", seconds.toFixed(3), "-i", video, "-frames:v", "1", "-q:v", "2", out],
    { binaries: opts.binaries, signal: opts.signal, timeoutMs: 60_000 },
  );
}
