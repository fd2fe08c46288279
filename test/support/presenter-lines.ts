import { parseWav } from "../../src/media/tts/wav.js";

/**
 * Presenter lines of 15–30 words of the kind the planner writes (a list, figures, a name, two sentences),
 * in their spoken form (narration-text.ts spells out numbers and currencies before the engine reads them).
 */
export const PRESENTER_LINES = [
  "The dashboard opens on four figures: monthly earnings of forty thousand dollars, annual earnings, tasks at fifty percent and eighteen pending requests.",
  "Next, the charts page plots revenue for each month of the year, with a donut chart that splits traffic by source.",
  "Type London into the search box, and the table narrows to the offices there, with names, positions and start dates.",
  "Settings are split into three tabs: profile, notifications and billing. Each one saves on its own.",
  "Harborline keeps your ships on schedule. The features section lists live tracking, port alerts and shared manifests.",
  "Pricing comes in three plans. The Team plan, at forty-nine dollars a month, adds unlimited dashboards and priority support.",
];

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Quieter than -35 dBFS counts as silence, as in ffmpeg's silencedetect=n=-35dB. */
const SILENT = 10 ** (-35 / 20);

/**
 * The longest silence inside a 16-bit mono WAV (the pauses between words and sentences), leaving out
 * the silence before the first sound and after the last.
 */
export function longestInnerSilence(wav: Buffer): number {
  const info = parseWav(wav);
  if (info?.bitsPerSample !== 16 || info.channels !== 1) throw new Error("expected 16-bit mono PCM");
  const start = wav.length - info.dataBytes;
  const samples = info.dataBytes / 2;
  const limit = SILENT * 32768;
  let longest = 0;
  let lastLoud = -1;
  for (let i = 0; i < samples; i++) {
    if (Math.abs(wav.readInt16LE(start + i * 2)) < limit) continue;
    if (lastLoud >= 0) longest = Math.max(longest, i - lastLoud - 1);
    lastLoud = i;
  }
  return longest / info.sampleRate;
}
