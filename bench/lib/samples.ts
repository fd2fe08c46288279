// docs/samples/: what a rendered walkthrough looks and measures like, for a reader who has not run one
// (the "Done when"): a grid of its frames, what its narration says, ffprobe's view of the file,
// ffmpeg's EBU R 128 summary and the render's quality report. Written by the quality benchmark from the
// video it judged.
import { mkdir, stat, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { runFfmpeg, runFfprobe } from "../../src/media/ffmpeg/run.js";
import type { QualityReport } from "../../src/media/quality/index.js";

export const SAMPLES_DIR = resolve(import.meta.dirname, "../../docs/samples");
/** Frames in the grid: 4 across, 4 down, spread evenly over the video. */
const GRID_FRAMES = 16;
/** The grid must stay small enough to keep in the repository. */
const MAX_SHEET_BYTES = 900 * 1024;

/** ffmpeg's log lines carry the filter instance's address ("[Parsed_ebur128_0 @ 0x55…]"): not worth keeping. */
const withoutAddresses = (s: string): string => s.replace(/ @ 0x[0-9a-f]+\]/g, "]");

async function frameGrid(video: string, videoSeconds: number, out: string): Promise<number> {
  // PNG (lossless text stays readable) at falling width until it fits (a frame-heavy page makes a bigger grid).
  for (const width of [480, 400, 320, 240]) {
    const filter = `fps=${GRID_FRAMES}/${Math.max(videoSeconds, 1).toFixed(3)},scale=${width}:-2,tile=4x4:padding=4:color=white`;
    await runFfmpeg(["-i", video, "-vf", filter, "-frames:v", "1", "-y", out]);
    const { size } = await stat(out);
    if (size <= MAX_SHEET_BYTES) return size;
  }
  throw new Error(`the frames grid stays over ${MAX_SHEET_BYTES} bytes`);
}

/** The narration as said: each beat's line with the span of its scene in the video. */
function narrationText(about: string, lines: readonly SampleLine[], report: QualityReport): string {
  const span = new Map(report.scenes.map((s) => [s.beatId, s]));
  const said = lines.map((l, i) => {
    const s = span.get(l.beatId);
    const at = s ? `${s.startSeconds.toFixed(1)}–${s.endSeconds.toFixed(1)} s` : "not shown";
    return `${i + 1}. [${at}] ${l.narration}`;
  });
  return `# ${about}\n# One line per beat, in order, with its scene's span in the video.\n${said.join("\n")}\n`;
}

async function ffprobeText(video: string, name: string): Promise<string> {
  const { stdout } = await runFfprobe(["-v", "error", "-show_format", "-show_streams", video]);
  return stdout.replace(/^filename=.*$/m, `filename=${name}`);
}

async function ebur128Summary(video: string): Promise<string> {
  const { stderr } = await runFfmpeg(
    [
      "-loglevel",
      "info",
      "-nostats",
      "-i",
      video,
      "-map",
      "0:a:0",
      "-af",
      "ebur128=peak=true:framelog=verbose",
      "-f",
      "null",
      "-",
    ],
    { stderrLimit: 64 * 1024 },
  );
  const at = stderr.lastIndexOf("Summary:");
  if (at < 0) throw new Error("ffmpeg's ebur128 printed no summary");
  return withoutAddresses(stderr.slice(stderr.lastIndexOf("\n", at) + 1)).trimEnd();
}

export interface SampleLine {
  beatId: string;
  narration: string;
}

/**
 * Writes `<stem>-frames.png`, `-narration.txt`, `-ffprobe.txt`, `-ebur128.txt` and `-quality.json`;
 * returns the files written.
 */
export async function writeSamples(
  video: string,
  report: QualityReport,
  lines: readonly SampleLine[],
  stem: string,
  about: string,
  dir = SAMPLES_DIR,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const name = `${stem}.mp4`;
  const frames = join(dir, `${stem}-frames.png`);
  const bytes = await frameGrid(video, report.videoSeconds, frames);
  const files = [
    [`${stem}-narration.txt`, narrationText(about, lines, report)],
    [
      `${stem}-ffprobe.txt`,
      `# ${about}\n# ffprobe -v error -show_format -show_streams ${name}\n${await ffprobeText(video, name)}`,
    ],
    [
      `${stem}-ebur128.txt`,
      `# ${about}\n# ffmpeg -nostats -i ${name} -map 0:a:0 -af ebur128=peak=true:framelog=verbose -f null -\n${await ebur128Summary(video)}\n`,
    ],
    [`${stem}-quality.json`, `${JSON.stringify(report, null, 2)}\n`],
  ] as const;
  for (const [file, text] of files) await writeFile(join(dir, file), text);
  console.log(`samples: ${basename(frames)} (${Math.round(bytes / 1024)} kB), ${files.map(([f]) => f).join(", ")}`);
  return [basename(frames), ...files.map(([f]) => f)];
}
