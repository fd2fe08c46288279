import { readFile } from "node:fs/promises";
import type { RunControl } from "../ffmpeg/run.js";
import { measureAudio } from "./audio-figures.js";
import { captionFigures, parseVtt } from "./caption-figures.js";
import { type QualityInput, type QualityReport, qualityReport } from "./report.js";

export { countWords } from "./caption-figures.js";
export type { QualityReport } from "./report.js";

/**
 * Measures a rendered video as delivered (its MP4 and WebVTT files) and judges it: one ffmpeg decode of
 * the audio track, a read of the captions. `facts` are what the files cannot say (beats, render time).
 */
export async function measureQuality(
  files: { video: string; captions: string },
  facts: Omit<QualityInput, "audio" | "captions">,
  control: RunControl = {},
): Promise<QualityReport> {
  const [audio, vtt] = await Promise.all([
    measureAudio(files.video, facts.videoSeconds, control),
    readFile(files.captions, "utf8"),
  ]);
  return qualityReport({ ...facts, audio, captions: captionFigures(parseVtt(vtt)) });
}
