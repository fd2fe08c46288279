// docs/samples/: what a rendered walkthrough looks and measures like, for a reader who has not run one
// (the "Done when"): a contact sheet of its frames, ffprobe's view of the file, ffmpeg's EBU R 128
// summary and the render's quality report. Written by the quality benchmark from the video it judged.
import { mkdir, stat, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { runFfmpeg, runFfprobe } from "../../src/media/ffmpeg/run.js";
import type { QualityReport } from "../../src/media/quality/index.js";

export const SAMPLES_DIR = resolve(import.meta.dirname, "../../docs/samples");
/** A frame every 3 s, 4 across: a 45 s video fits one 4×4 sheet. */
const FRAMES_FILTER = "fps=1/3,scale=480:-2,tile=4x4:padding=4:color=white";
/** The sheet must stay small enough to keep in the repository. */
const MAX_SHEET_BYTES = 500 * 1024;

/** ffmpeg's log lines carry the filter instance's address ("[Parsed_ebur128_0 @ 0x55…]"): not worth keeping. */
const withoutAddresses = (s: string): string => s.replace(/ @ 0x[0-9a-f]+\]/g, "]");

async function contactSheet(video: string, out: string): Promise<number> {
  // JPEG at falling quality until it fits (a frame-heavy page makes a bigger sheet).
  for (const q of [4, 6, 9, 13]) {
    await runFfmpeg(["-i", video, "-vf", FRAMES_FILTER, "-frames:v", "1", "-q:v", String(q), "-y", out]);
    const { size } = await stat(out);
    if (size <= MAX_SHEET_BYTES) return size;
  }
  throw new Error(`the frames sheet stays over ${MAX_SHEET_BYTES} bytes`);
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

/** Writes `<stem>-frames.jpg`, `-ffprobe.txt`, `-ebur128.txt` and `-quality.json`; returns the files written. */
export async function writeSamples(
  video: string,
  report: QualityReport,
  stem: string,
  about: string,
  dir = SAMPLES_DIR,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const name = `${stem}.mp4`;
  const frames = join(dir, `${stem}-frames.jpg`);
  const bytes = await contactSheet(video, frames);
  const files = [
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
