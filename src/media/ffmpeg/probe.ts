import { type RunControl, runFfprobe } from "./run.js";

export interface ProbeVideo {
  codec: string;
  width: number;
  height: number;
  pixFmt: string;
  /** Frames per second from r_frame_rate (e.g. "30/1" → 30). */
  frameRate: number;
  /** Decoded frame count with `countFrames`, else the container's nb_frames; null when neither is known. */
  frames: number | null;
  durationSeconds: number | null;
}

export interface ProbeAudio {
  codec: string;
  sampleRate: number;
  channels: number;
  durationSeconds: number | null;
}

export interface ProbeResult {
  durationSeconds: number;
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "wav". */
  format: string;
  sizeBytes: number | null;
  video?: ProbeVideo;
  audio?: ProbeAudio;
}

export interface ProbeOptions extends RunControl {
  /** Decode the video stream to count its frames exactly (`-count_frames`); slower. */
  countFrames?: boolean;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  nb_read_frames?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
}
interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

function num(value: string | number | undefined): number | null {
  if (value === undefined || value === "N/A") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split("/");
  const numerator = Number(n);
  const denominator = d === undefined ? 1 : Number(d);
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) return 0;
  return numerator / denominator;
}

/** `ffprobe -v error -print_format json -show_format -show_streams [-count_frames] <path>`. First video and audio streams. */
export async function probe(path: string, opts: ProbeOptions = {}): Promise<ProbeResult> {
  const args = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"];
  if (opts.countFrames) args.push("-count_frames");
  // "file:" keeps a path that looks like a protocol or an option from being read as one.
  args.push(`file:${path}`);
  const { stdout } = await runFfprobe(args, opts);
  const raw = JSON.parse(stdout) as RawProbe;
  const streams = raw.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video");
  const a = streams.find((s) => s.codec_type === "audio");
  const result: ProbeResult = {
    durationSeconds: num(raw.format?.duration) ?? 0,
    format: raw.format?.format_name ?? "",
    sizeBytes: num(raw.format?.size),
  };
  if (v) {
    result.video = {
      codec: v.codec_name ?? "",
      width: v.width ?? 0,
      height: v.height ?? 0,
      pixFmt: v.pix_fmt ?? "",
      frameRate: parseRate(v.r_frame_rate) || parseRate(v.avg_frame_rate),
      frames: num(opts.countFrames ? v.nb_read_frames : v.nb_frames) ?? num(v.nb_frames),
      durationSeconds: num(v.duration),
    };
  }
  if (a) {
    result.audio = {
      codec: a.codec_name ?? "",
      sampleRate: num(a.sample_rate) ?? 0,
      channels: a.channels ?? 0,
      durationSeconds: num(a.duration),
    };
  }
  return result;
}
